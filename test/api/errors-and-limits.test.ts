// The contract's refusals for POST /audits and the run/report reads, over real HTTP, with the
// worker off so runs stay queued: every error answers {code, hint} with the documented status.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/api/errors.js';
import { postJson, startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

// A public address that is never contacted: no worker runs in these tests.
const PUBLIC = '93.184.215.14';
const publicLookup = async (host: string) => (host.endsWith('.example') ? [PUBLIC] : host === 'mixed.example' ? [PUBLIC, '10.0.0.5'] : []);

describe('POST /audits refusals and limits', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ QA_FREE_AUDIT_POOL: '3', QA_AUDIT_RATE_LIMIT: '1000' }, { worker: false });
    svc.rt.guard.lookupAll = async (h) => (h === 'mixed.example' ? [PUBLIC, '10.0.0.5'] : publicLookup(h));
  });
  afterAll(() => svc.stop());
  const audits = () => `${svc.base}/api/v1/audits`;
  const runCount = async () => (await svc.rt.store.db.selectFrom('runs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;

  it.each([
    ['loopback', 'http://127.0.0.1:9/', /loopback/],
    ['private', 'http://10.1.2.3/', /private/],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/', /link-local|metadata/],
    ['decimal IPv4 spelling', 'http://2130706433/', /loopback/],
    ['scheme', 'ftp://files.example/', /scheme|http/],
    ['credentials', 'http://user:pw@site.example/', /credential|userinfo|user/i],
    ['a host resolving to one private address', 'http://mixed.example/', /10\.0\.0\.5|private/],
  ])('refuses %s with 422 unsafe_url and a hint that says why', async (_name, url, why) => {
    const before = await runCount();
    const r = await postJson(audits(), { url });
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('unsafe_url');
    expect(r.json.hint).toMatch(why);
    expect(await runCount()).toBe(before);
  });

  it('answers 422 invalid_payload for schema failures, 422 invalid_json for malformed JSON, 413 for oversize bodies', async () => {
    const missing = await postJson(audits(), {});
    expect([missing.status, missing.json.code]).toEqual([422, 'invalid_payload']);
    expect(missing.json.hint).toMatch(/url/);
    const longSource = await postJson(audits(), { url: 'http://site.example/', source: 'x'.repeat(33) });
    expect([longSource.status, longSource.json.code]).toEqual([422, 'invalid_payload']);
    const extra = await postJson(audits(), { url: 'http://site.example/', nope: 1 });
    expect([extra.status, extra.json.code]).toEqual([422, 'invalid_payload']);
    const bad = await fetch(audits(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url":' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).code).toBe('invalid_json');
    const big = await postJson(audits(), { url: 'http://site.example/', source: 'x'.repeat(2 * 1024 * 1024) });
    expect([big.status, big.json.code]).toEqual([413, 'payload_too_large']);
    const text = await fetch(audits(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'http://site.example/' });
    expect(text.status).toBe(415);
    expect((await text.json()).code).toBe('unsupported_media_type');
  });

  it('answers unknown routes, unknown runs and tokens, and malformed run ids with 404 not_found', async () => {
    for (const path of ['/api/v1/nope', '/api/v1/audits/1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', '/api/v1/reports/by-token/unknown-token']) {
      const r = await fetch(`${svc.base}${path}`);
      expect(r.status, path).toBe(404);
      const body = await r.json();
      expect(body.code).toBe('not_found');
      expect(typeof body.hint).toBe('string');
    }
    for (const path of ['/api/v1/audits/not-a-uuid', '/api/v1/audits/not-a-uuid/report.json', '/api/v1/audits/not-a-uuid/events']) {
      const r = await fetch(`${svc.base}${path}`);
      expect([r.status, (await r.json()).code], path).toEqual([404, 'not_found']);
    }
  });

  it('accepts a public URL: 202 with run_id, queued status, events_url and a /r/<token> report_url', async () => {
    const r = await postJson(audits(), { url: 'https://www.site.example/pricing', source: 'landing' });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({
      run_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      events_url: `/api/v1/audits/${r.json.run_id}/events`,
      report_url: expect.stringMatching(/^\/r\/[A-Za-z0-9_-]{32,}$/),
    });
    const run = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}`)).json();
    expect(run).toMatchObject({ id: r.json.run_id, url: 'https://www.site.example/pricing', status: 'queued', failure_reason: null, report_url: r.json.report_url });
    const report = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}/report.json`)).json();
    expect(report.status).toBe('queued');
    expect(report.sections).toBeUndefined();
    const byToken = await (await fetch(`${svc.base}/api/v1/reports/by-token/${r.json.report_url.slice(3)}`)).json();
    expect(byToken.run_id).toBe(r.json.run_id);
  });

  it('replays an Idempotency-Key: same status and body, nothing new created; another body is refused', async () => {
    const key = `k-${Date.now()}`;
    const first = await postJson(audits(), { url: 'https://idem.example/' }, { 'idempotency-key': key });
    const before = await runCount();
    const again = await postJson(audits(), { url: 'https://idem.example/' }, { 'idempotency-key': key });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await runCount()).toBe(before);
    const other = await postJson(audits(), { url: 'https://other.example/' }, { 'idempotency-key': key });
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('creates one run for concurrent requests with one key', async () => {
    const before = Number(await runCount());
    const key = `c-${Date.now()}`;
    const rs = await Promise.all(Array.from({ length: 5 }, () => postJson(audits(), { url: 'https://conc.example/' }, { 'idempotency-key': key })));
    expect(new Set(rs.map((r) => r.json.run_id)).size).toBe(1);
    expect(Number(await runCount())).toBe(before + 1);
  });

  it('answers 503 at_capacity with Retry-After when the free pool is full, and queues nothing', async () => {
    // Earlier tests left queued runs; fill the pool of 3 and go one past it.
    const active = await svc.rt.store.runs.countActive({ anonymousOnly: true });
    for (let i = active; i < 3; i++) expect((await postJson(audits(), { url: `https://fill${i}.example/` })).status).toBe(202);
    const before = await runCount();
    const r = await postJson(audits(), { url: 'https://full.example/' });
    expect([r.status, r.json.code]).toEqual([503, 'at_capacity']);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await runCount()).toBe(before);
  });

  it('refuses wrongly typed JSON fields instead of converting them (query strings still convert)', async () => {
    const r = await postJson(audits(), { url: 'https://typed.example/', source: 12345 });
    expect([r.status, r.json.code]).toEqual([422, 'invalid_payload']);
    expect(r.json.hint).toMatch(/source/);
    const { key } = await newWorkspace(svc.base);
    expect((await call(svc.base, 'GET', '/audits?limit=5', { key })).status).toBe(200); // "5" is the integer 5
    expect((await call(svc.base, 'GET', '/audits?limit=five', { key })).json.code).toBe('invalid_payload');
  });

  it('answers paths the router refuses, and impossible tokens, with 404 in the {code, hint} body', async () => {
    const paths = [
      '/api/v1/reports/by-token/%zz', // malformed percent-escape
      `/api/v1/reports/by-token/${'a'.repeat(300)}`, // longer than the router accepts
      `/api/v1/reports/by-token/${'a'.repeat(200)}`, // longer than any token we issue
      `/r/${'b'.repeat(300)}`,
      `/api/v1/report-subscriptions/unsubscribe?token=${'c'.repeat(500)}`,
    ];
    for (const path of paths) {
      const res = await fetch(`${svc.base}${path}`, { headers: { accept: 'application/json' } });
      const body = await res.json();
      expect([path.slice(0, 40), res.status, Object.keys(body).sort()]).toEqual([path.slice(0, 40), 404, ['code', 'docs', 'hint']]);
      expect(body.code).toBe('not_found');
    }
  });

  it('serves the OpenAPI description and a health probe', async () => {
    const spec = await (await fetch(`${svc.base}/api/v1/openapi.json`)).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.version).toBe('1.0.0');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/audits', '/api/v1/audits/{run_id}', '/api/v1/audits/{run_id}/events', '/api/v1/reports/by-token/{share_token}']));
    // Workspace keys are described as a bearer scheme: required, optional (anonymous allowed), or absent.
    expect(spec.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.paths['/api/v1/workspaces/current'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(spec.paths['/api/v1/audits'].post.security).toEqual([{}, { bearerAuth: [] }]);
    expect(spec.paths['/api/v1/audits'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(spec.paths['/api/v1/reports/by-token/{share_token}'].get.security).toBeUndefined();
    // "Honor the Retry-After header": described where 429 and 503 can answer.
    expect(spec.paths['/api/v1/audits'].post.responses['503'].headers['retry-after'].schema).toEqual({ type: 'integer' });
    expect(spec.paths['/api/v1/audits'].post.responses['429'].headers['retry-after']).toBeDefined();
    expect(spec.paths['/api/v1/audits'].post.responses['422'].headers).toBeUndefined();
    expect(spec.tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['audits', 'reports', 'workspaces', 'health']));
    const docs = await fetch(`${svc.base}/api/v1/docs`);
    expect(docs.status).toBe(200);
    const health = await fetch(`${svc.base}/api/v1/healthz`);
    expect(health.status).toBe(200);
  });
});

describe('anonymous rate limit', () => {
  let svc: TestService;
  afterEach(() => svc?.stop());
  it('answers 429 rate_limited with Retry-After past the per-IP limit', async () => {
    svc = await startTestService({ QA_AUDIT_RATE_LIMIT: '2', QA_AUDIT_RATE_WINDOW_SEC: '600' }, { worker: false });
    svc.rt.guard.lookupAll = publicLookup;
    const url = `${svc.base}/api/v1/audits`;
    // Refused requests cost no allowance: the URL guard's 422 comes before the limit.
    for (let i = 0; i < 3; i++) expect((await postJson(url, { url: 'http://10.0.0.1/' })).status).toBe(422);
    expect((await postJson(url, { url: 'https://a.example/' })).status).toBe(202);
    expect((await postJson(url, { url: 'https://b.example/' })).status).toBe(202);
    const r = await postJson(url, { url: 'https://c.example/' });
    expect([r.status, r.json.code]).toEqual([429, 'rate_limited']);
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
  });
});

describe('error registry', () => {
  it('documents every code in docs/errors.md', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const code of Object.keys(ERRORS)) expect(doc, code).toContain(`\`${code}\``);
  });
});
