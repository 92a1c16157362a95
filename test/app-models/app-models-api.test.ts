// App models over real HTTP on SQLite and Postgres: the published schema, every contract code,
// append-only versions that stay readable, idempotent replay, the PUT/POST alias, workspace scope,
// and runs pinning the newest version at creation (a later write does not reach them).
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { testDatabases } from '../support/db.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

const SITE = 'localhost:8089'; // allowlisted; never contacted (no worker runs here)
const MODEL = {
  templates: [{ name: 'product', pattern: '/products/:slug' }, { name: 'post', pattern: '/blog/**', sample: 2 }],
  never_touch: { urls: ['/admin/**'], selectors: ['#danger-zone', '[data-qa=never]'] },
  destructive_actions: { actions: [{ name: 'empty_cart', url: '/cart/empty', methods: ['POST'] }], allow: ['empty_cart', 'cancel'] },
  login: { url: '/login', accounts: ['SHOP_USER', 'SHOP_ADMIN'] },
  notes: 'Staging copy of the shop.',
};

describe.each(testDatabases())('app models on $name', (database) => {
  let svc: TestService;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    svc = await startTestService({ QA_URL_ALLOWLIST: SITE, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0' }, { worker: false, store: await database.open() });
    const ws = await newWorkspace(svc.base);
    await setTier(svc.rt, ws.id, 'starter');
    key = ws.key;
    otherKey = (await newWorkspace(svc.base)).key;
    expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'shop.example', allow_mutation: false } })).status).toBe(200);
    expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'localhost' } })).status).toBe(200);
  });
  afterAll(() => svc?.stop());

  it('publishes the schema, and the document validates against it', async () => {
    const res = await fetch(`${svc.base}/api/v1/schemas/app-model-v1.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/schema\+json/);
    const schema = await res.json();
    expect(schema).toMatchObject({ $id: '/api/v1/schemas/app-model-v1.json', title: 'app-model v1' });
    const check = new Ajv({ strict: false }).compile(schema);
    expect(check(MODEL)).toBe(true);
    expect(check({ login: { url: '/login', password: 'x' } })).toBe(false);
  });

  it('needs a key', async () => {
    expect((await call(svc.base, 'GET', '/app-model/shop.example')).status).toBe(401);
    expect((await call(svc.base, 'PUT', '/app-model/shop.example', { body: MODEL })).status).toBe(401);
  });

  it('answers 404 app_model_not_found before the first write', async () => {
    const r = await call(svc.base, 'GET', '/app-model/shop.example', { key });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'app_model_not_found', docs: '/docs/errors#app_model_not_found' });
  });

  it('refuses a domain that is not a host name with 422 invalid_domain', async () => {
    const long = `${'a'.repeat(60)}.`.repeat(4) + 'example'; // 251 characters of labels + dots: too long once a label more is added
    for (const bad of ['https:%2F%2Fshop.example', 'shop.example:8080', '127.0.0.1', '[::1]', '%20', `x${long}.zz`, 'shop_example.com', '-shop.example']) {
      const r = await call(svc.base, 'PUT', `/app-model/${bad}`, { key, body: MODEL });
      expect(r.status, bad).toBe(422);
      expect(r.json.code, bad).toBe('invalid_domain');
    }
    const withPath = await call(svc.base, 'POST', '/app-model/shop.example/admin', { key, body: MODEL });
    expect(withPath.json).toMatchObject({ code: 'invalid_domain', hint: expect.stringContaining('has a path') });
  });

  it('refuses a domain the workspace has not registered with 404 domain_not_registered (subdomains included)', async () => {
    for (const domain of ['other.example', 'www.shop.example']) {
      const r = await call(svc.base, 'PUT', `/app-model/${domain}`, { key, body: MODEL });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ code: 'domain_not_registered', hint: expect.stringContaining('/gremlin/domains') });
    }
    // Registered in another workspace is not registered here.
    expect((await call(svc.base, 'PUT', '/app-model/shop.example', { key: otherKey, body: MODEL })).json.code).toBe('domain_not_registered');
  });

  it('refuses an invalid document with 422 invalid_app_model and the failing JSON paths', async () => {
    const r = await call(svc.base, 'PUT', '/app-model/shop.example', {
      key,
      body: {
        templates: [{ name: 'product', pattern: 'products/:slug' }, { name: 'product', pattern: '/p/:id' }],
        never_touch: { urls: ['/admin?x'] },
        login: { url: '/login', accounts: ['shop password'], password: 'hunter2' },
        colour: 'blue',
      },
    });
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('invalid_app_model');
    const paths = r.json.diagnostics.map((d: any) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/templates/0/pattern', '/never_touch/urls/0', '/login', '/login/accounts/0']));
    expect(r.json.diagnostics.find((d: any) => d.path === '/').message).toContain('"colour"');
    expect(r.json.hint).not.toContain('hunter2');
    const semantic = await call(svc.base, 'PUT', '/app-model/shop.example', {
      key, body: { templates: [{ name: 'product', pattern: '/products/:slug' }, { name: 'product', pattern: '/p/:id' }], destructive_actions: { allow: ['wipe'] }, login: { url: 'https://evil.example/login' } },
    });
    expect(semantic.json.diagnostics.map((d: any) => d.path)).toEqual(['/templates/1/name', '/destructive_actions/allow/0', '/login/url']);
    for (const body of [[], 'a string', null]) {
      const x = await call(svc.base, 'PUT', '/app-model/shop.example', { key, body });
      expect(x.json.code, JSON.stringify(body)).toBe('invalid_app_model');
    }
    // Nothing was written by any refusal.
    expect((await call(svc.base, 'GET', '/app-model/shop.example', { key })).json.code).toBe('app_model_not_found');
  });

  it('appends a version on every PUT or POST; older versions stay readable', async () => {
    const v1 = await call(svc.base, 'PUT', '/app-model/Shop.Example', { key, body: MODEL });
    expect(v1.status).toBe(200);
    expect(v1.json).toEqual({ domain: 'shop.example', version: 1, source: 'api', doc: MODEL, schema: '/api/v1/schemas/app-model-v1.json' });
    const v2 = await call(svc.base, 'POST', '/app-model/shop.example', { key, body: { notes: 'second' } });
    expect(v2.json).toMatchObject({ domain: 'shop.example', version: 2, doc: { notes: 'second' } });
    const v3 = await call(svc.base, 'PUT', '/app-model/shop.example', { key, body: MODEL });
    expect(v3.json.version).toBe(3);
    expect((await call(svc.base, 'GET', '/app-model/shop.example', { key })).json).toMatchObject({ version: 3, doc: MODEL });
    expect((await call(svc.base, 'GET', '/app-model/shop.example?version=2', { key })).json).toMatchObject({ version: 2, doc: { notes: 'second' } });
    expect((await call(svc.base, 'GET', '/app-model/shop.example?version=1', { key })).json).toEqual(v1.json);
    const missing = await call(svc.base, 'GET', '/app-model/shop.example?version=4', { key });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'app_model_not_found', hint: expect.stringContaining('version 4') });
    expect((await call(svc.base, 'GET', '/app-model/shop.example?version=zero', { key })).status).toBe(422);
    // Another workspace sees none of it.
    expect((await call(svc.base, 'GET', '/app-model/shop.example', { key: otherKey })).json.code).toBe('app_model_not_found');
  });

  it('numbers concurrent writes one after another, each version once', async () => {
    const before = (await call(svc.base, 'GET', '/app-model/shop.example', { key })).json.version;
    const writes = await Promise.all([1, 2, 3, 4, 5].map((n) => call(svc.base, n % 2 ? 'PUT' : 'POST', '/app-model/shop.example', { key, body: { notes: `writer ${n}` } })));
    expect(writes.map((w) => w.status)).toEqual([200, 200, 200, 200, 200]);
    expect(writes.map((w) => w.json.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
    for (const w of writes) expect((await call(svc.base, 'GET', `/app-model/shop.example?version=${w.json.version}`, { key })).json.doc).toEqual(w.json.doc);
  });

  it('replays an Idempotency-Key without writing another version', async () => {
    const headers = { 'idempotency-key': `am-${database.name}` };
    const first = await call(svc.base, 'PUT', '/app-model/shop.example', { key, body: { notes: 'once' }, headers });
    const again = await call(svc.base, 'PUT', '/app-model/shop.example', { key, body: { notes: 'once' }, headers });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await call(svc.base, 'GET', '/app-model/shop.example', { key })).json.version).toBe(first.json.version);
    expect((await call(svc.base, 'PUT', '/app-model/shop.example', { key, body: { notes: 'other' }, headers })).json.code).toBe('idempotency_key_reused');
  });

  it('pins the newest version on a chaos run and an audit at creation: a later write does not reach them', async () => {
    await call(svc.base, 'PUT', '/app-model/localhost', { key, body: MODEL });
    const chaos = await call(svc.base, 'POST', '/gremlin', { key, body: { url: `http://${SITE}/`, persona: 'impatient' } });
    expect(chaos.status).toBe(202);
    const audit = await call(svc.base, 'POST', '/audits', { key, body: { url: `http://${SITE}/shop` } });
    expect(audit.status).toBe(202);
    const anonymous = await call(svc.base, 'POST', '/audits', { body: { url: `http://${SITE}/` } });
    await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { notes: 'v2, written after the runs were created' } });
    expect((await svc.rt.store.runs.get(chaos.json.run_id))!.options.app_model).toEqual({ domain: 'localhost', version: 1 });
    expect((await svc.rt.store.runs.get(audit.json.run_id))!.options.app_model).toEqual({ domain: 'localhost', version: 1 });
    // A run without a workspace, or on a host without a model, pins nothing.
    expect((await svc.rt.store.runs.get(anonymous.json.run_id))!.options.app_model).toBeUndefined();
  });

  it('is described in the OpenAPI document', async () => {
    const spec = await (await fetch(`${svc.base}/api/v1/openapi.json`)).json();
    const path = spec.paths['/api/v1/app-model/{domain}'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post', 'put']);
    expect(Object.keys(path.put.responses).sort()).toEqual(['200', '401', '404', '422']);
    for (const m of ['get', 'put', 'post']) expect(path[m].security, m).toEqual([{ bearerAuth: [] }]);
    expect(path.put.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['domain', 'idempotency-key']));
    expect(path.get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['domain', 'version']));
    expect(spec.paths['/api/v1/schemas/app-model-v1.json']).toBeDefined();
    expect(Object.keys(spec.paths).some((p) => p.includes('app-model/*'))).toBe(false);
  });
});
