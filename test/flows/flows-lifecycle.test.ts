// The flow lifecycle over real HTTP on SQLite and Postgres: paid tier only, compile → draft (with
// diagnostics for what does not compile), every contract code, confirm, credentials stored sealed
// and write-only, edit back to draft, delete. No browser: runs are tested in flows-run.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTier } from '../../src/workspaces/service.js';
import { testDatabases } from '../support/db.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

const SHOP = '127.0.0.1:8089'; // allowlisted; never contacted (no worker runs here)
const TEST_CASE = `# Sign in and check the account page
go to /login
fill "Email" with "{{EMAIL}}"
fill "Password" with "{{PASSWORD}}"
click "Sign in"
expect url contains "/account"
expect text "Welcome back"`;

describe.each(testDatabases())('flows on $name', (database) => {
  let svc: TestService;
  let key: string;
  let freeKey: string;
  const url = `http://${SHOP}/`;

  beforeAll(async () => {
    svc = await startTestService({ QA_URL_ALLOWLIST: SHOP, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0' }, { worker: false, store: await database.open() });
    const paid = await newWorkspace(svc.base);
    await setTier(svc.rt, paid.id, 'pro');
    key = paid.key;
    freeKey = (await newWorkspace(svc.base)).key;
  });
  afterAll(() => svc?.stop());

  it('refuses a free workspace with 402 and the billing next step, and a missing key with 401', async () => {
    const free = await call(svc.base, 'POST', '/flows', { key: freeKey, body: { url, test_case: TEST_CASE } });
    expect(free.status).toBe(402);
    expect(free.json.hint).toMatch(/billing\/checkout/);
    expect((await call(svc.base, 'GET', '/flows')).status).toBe(401);
  });

  it('compiles a test case into a draft with its variables and a review hint; lists and reads it', async () => {
    const r = await call(svc.base, 'POST', '/flows', { key, body: { url, name: 'Sign in', test_case: TEST_CASE } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: 'Sign in', status: 'draft', url, variables: ['EMAIL', 'PASSWORD'], credentials: [], missing_credentials: ['EMAIL', 'PASSWORD'] });
    expect(r.json.spec.steps.map((s: any) => s.action)).toEqual(['goto', 'fill', 'fill', 'click', 'expect_url', 'expect_text']);
    expect(r.json.review_hint).toMatch(/PASSWORD/);
    const list = await call(svc.base, 'GET', '/flows', { key });
    expect(list.json.flows.map((f: any) => f.name)).toContain('Sign in');
    expect((await call(svc.base, 'GET', `/flows/${r.json.flow_id}`, { key })).json.spec).toEqual(r.json.spec);
  });

  it('answers compile_failed with line, column and a suggestion; invalid_spec with JSON paths; unsafe_url for a private go to', async () => {
    const bad = await call(svc.base, 'POST', '/flows', { key, body: { url, test_case: 'go to /\nclik "Sign in"\nfill "Email"' } });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe('compile_failed');
    expect(bad.json.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', line: 2, column: expect.any(Number) })]));
    expect(bad.json.diagnostics.find((d: any) => d.line === 2).suggestion).toMatch(/click/i);
    const spec = await call(svc.base, 'POST', '/flows', { key, body: { url, spec: { version: 'flow-spec/v1', start_url: url, variables: [], steps: [{ id: 's1', action: 'fill', target: 'Email' }] } } });
    expect(spec.status).toBe(422);
    expect(spec.json.code).toBe('invalid_spec');
    expect(JSON.stringify(spec.json.diagnostics)).toMatch(/steps/);
    // console_errors belongs to expect_no_errors only; a line about errors that fits no form says which form it meant.
    const misplaced = await call(svc.base, 'POST', '/flows', { key, body: { url, spec: { version: 'flow-spec/v1', start_url: url, steps: [{ id: 's1', action: 'click', target: 'Go', console_errors: true }] } } });
    expect([misplaced.status, misplaced.json.code]).toEqual([422, 'invalid_spec']);
    const noErrors = await call(svc.base, 'POST', '/flows', { key, body: { url, test_case: 'go to /\nthere should be no errors at all' } });
    expect(noErrors.json.diagnostics).toEqual([expect.objectContaining({ line: 2, suggestion: 'expect no errors' })]);
    const unsafe = await call(svc.base, 'POST', '/flows', { key, body: { url, test_case: 'go to http://10.0.0.7/admin' } });
    expect(unsafe.status).toBe(422);
    expect(unsafe.json.code).toBe('unsafe_url');
    expect((await call(svc.base, 'POST', '/flows', { key, body: { url: 'http://127.0.0.1:9/', test_case: 'go to /' } })).json.code).toBe('unsafe_url');
    expect((await call(svc.base, 'POST', '/flows', { key, body: { url } })).json.code).toBe('invalid_payload');
  });

  it('runs only confirmed flows, stores credentials sealed and write-only, and returns to draft on edit', async () => {
    const created = await call(svc.base, 'POST', '/flows', { key, body: { url, name: 'Lifecycle', test_case: TEST_CASE } });
    const id = created.json.flow_id;
    expect((await call(svc.base, 'POST', '/flows', { key, body: { url, name: 'Lifecycle', test_case: 'go to /' } })).status).toBe(409);
    const early = await call(svc.base, 'POST', `/flows/${id}/run`, { key, body: {} });
    expect([early.status, early.json.code]).toEqual([409, 'flow_not_confirmed']);
    const stored = await call(svc.base, 'PUT', `/flows/${id}/credentials`, { key, body: { credentials: { EMAIL: 'ada@shop.test', PASSWORD: 'pa55-w0rd-kept-secret' } } });
    expect(stored.json).toEqual({ stored: ['EMAIL', 'PASSWORD'] });
    expect((await call(svc.base, 'PUT', `/flows/${id}/credentials`, { key, body: { credentials: { 'bad name': 'x' } } })).status).toBe(422);
    // Sealed at rest: no table holds the value in the clear.
    const rows = await sql<{ sealed: string }>`select sealed from flow_credentials`.execute(svc.rt.store.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rows.rows)).not.toContain('pa55-w0rd-kept-secret');
    const detail = await call(svc.base, 'GET', `/flows/${id}`, { key });
    expect(detail.json).toMatchObject({ credentials: ['EMAIL', 'PASSWORD'], missing_credentials: [] });
    expect(JSON.stringify(detail.json)).not.toContain('pa55-w0rd-kept-secret');
    const confirmed = await call(svc.base, 'POST', `/flows/${id}/confirm`, { key });
    expect(confirmed.json).toMatchObject({ status: 'confirmed', review_hint: null });
    const edited = await call(svc.base, 'PUT', `/flows/${id}`, { key, body: { test_case: `${TEST_CASE}\nexpect no text "Invalid"` } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ status: 'draft', confirmed_at: null });
    expect(edited.json.spec.steps).toHaveLength(7);
  });

  it('starts no replay past the hard cap (402 quota_exceeded, nothing queued) until overage is opted in', async () => {
    const ws = await newWorkspace(svc.base);
    await setTier(svc.rt, ws.id, 'starter');
    const created = await call(svc.base, 'POST', '/flows', { key: ws.key, body: { url, name: 'At the cap', test_case: 'go to /\nexpect text "Shop"' } });
    const id = created.json.flow_id;
    await call(svc.base, 'POST', `/flows/${id}/confirm`, { key: ws.key });
    const row = (await svc.rt.store.workspaces.get(ws.id))!;
    await svc.rt.store.usage.consume(ws.id, new Date(row.created_at), null, 500);
    const refused = await call(svc.base, 'POST', `/flows/${id}/run`, { key: ws.key, body: {} });
    expect([refused.status, refused.json.code]).toEqual([402, 'quota_exceeded']);
    expect(refused.json.hint).toMatch(/hard cap.*opt in to overage/i);
    const runs = await call(svc.base, 'GET', '/audits?limit=100', { key: ws.key });
    expect(runs.json.runs).toEqual([]);
    expect((await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } })).status).toBe(200);
    const replay = await call(svc.base, 'POST', `/flows/${id}/run`, { key: ws.key, body: {} });
    expect(replay.status).toBe(202);
    // A replay meters nothing: the count stays where the plan ended.
    expect(await svc.rt.store.usage.used(ws.id, new Date(row.created_at))).toBe(500);
  });

  it('keeps workspaces apart and deletes', async () => {
    const created = await call(svc.base, 'POST', '/flows', { key, body: { url, name: 'To delete', test_case: 'go to /' } });
    const other = await newWorkspace(svc.base);
    await setTier(svc.rt, other.id, 'team');
    expect((await call(svc.base, 'GET', `/flows/${created.json.flow_id}`, { key: other.key })).status).toBe(404);
    expect((await call(svc.base, 'DELETE', `/flows/${created.json.flow_id}`, { key: other.key })).status).toBe(404);
    expect((await call(svc.base, 'DELETE', `/flows/${created.json.flow_id}`, { key })).status).toBe(204);
    expect((await call(svc.base, 'GET', `/flows/${created.json.flow_id}`, { key })).status).toBe(404);
    expect((await call(svc.base, 'GET', '/flows/not-a-uuid', { key })).status).toBe(404);
  });

  it('publishes the flow-spec v1 JSON Schema', async () => {
    const res = await fetch(`${svc.base}/api/v1/schemas/flow-spec-v1.json`);
    expect(res.status).toBe(200);
    const schema = await res.json();
    expect(schema.$id).toMatch(/flow-spec-v1\.json$/);
    expect(JSON.stringify(schema)).toContain('steps');
    const step = schema.properties.steps.items;
    expect(step.properties.action.enum).toContain('expect_no_errors');
    expect(step.properties.console_errors).toMatchObject({ type: 'boolean' });
  });
});
