// Monitors over real HTTP on SQLite and Postgres (no worker: runs stay queued, which is what
// coalescing is about): every contract code, the deploy hook from its pasted curl snippet, a
// delivery record for every request, rotation, the bad-token flood guard, the snippets' YAML, and
// the scheduler with a moved clock — daily, hourly, resume, jitter, two schedulers never running
// one slot twice.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../src/config/index.js';
import { tickMonitors } from '../../src/monitors/scheduler.js';
import { jitterMs } from '../../src/monitors/schedule.js';
import { setBillingPause } from '../../src/billing/pause.js';
import { createRuntime } from '../../src/runtime.js';
import { setTier } from '../../src/workspaces/service.js';
import { testDatabases } from '../support/db.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, MovableClock, newWorkspace } from '../workspaces/helpers.js';

const SITE = '127.0.0.1:8091'; // allowlisted, never contacted: no worker runs here

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(testDatabases())('monitors on $name', (database) => {
  let svc: TestService;
  let key: string;
  const clock = new MovableClock(new Date('2026-11-24T10:00:00.000Z'));
  const url = `http://${SITE}/`;
  const finish = (runId: string) => svc.rt.store.runs.finish(runId, { status: 'succeeded', failure_reason: null }, clock.now());
  const runsOf = async (monitorId: string) => svc.rt.store.monitors.recentRuns(monitorId, 100);

  beforeAll(async () => {
    const port = await freePort();
    svc = await startTestService({
      PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, QA_URL_ALLOWLIST: SITE, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0',
    }, { worker: false, store: await database.open(), clock });
    const ws = await newWorkspace(svc.base);
    await setTier(svc.rt, ws.id, 'pro');
    key = ws.key;
  });
  afterAll(() => svc?.stop());

  it('refuses free workspaces (402, billing next step), bad cadences and unknown or draft flows', async () => {
    const free = await newWorkspace(svc.base);
    const r = await call(svc.base, 'POST', '/monitors', { key: free.key, body: { url } });
    expect(r.status).toBe(402);
    expect(r.json.hint).toMatch(/billing\/checkout/);
    expect((await call(svc.base, 'POST', '/monitors', { key, body: { url, cadence: 'weekly' } })).json.code).toBe('invalid_cadence');
    expect((await call(svc.base, 'POST', '/monitors', { key, body: { url, flow_id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b' } })).status).toBe(404);
    const flow = await call(svc.base, 'POST', '/flows', { key, body: { url, name: 'draft for monitor', test_case: 'go to /' } });
    const draft = await call(svc.base, 'POST', '/monitors', { key, body: { url, flow_id: flow.json.flow_id } });
    expect([draft.status, draft.json.code]).toEqual([409, 'flow_not_confirmed']);
    expect((await call(svc.base, 'POST', '/monitors', { key, body: { url: 'http://10.0.0.7/' } })).json.code).toBe('unsafe_url');
  });

  it('creates a monitor with an immediate first run and the secret once; detail never shows it', async () => {
    const r = await call(svc.base, 'POST', '/monitors', { key, body: { url } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ url, cadence: 'daily', status: 'active', flow_id: null, consecutive_failures: 0, deploy_hook: { header: 'X-Service-Token' } });
    expect(r.json.deploy_hook.secret).toMatch(/^sqa_hook_/);
    expect(r.json.usage).toHaveProperty('calls_used');
    expect(r.json.first_run.deduped).toBe(false);
    const detail = await call(svc.base, 'GET', `/monitors/${r.json.id}`, { key });
    expect(detail.json.recent_runs).toHaveLength(1);
    expect(detail.json.deploy_hook).toEqual({ url: `${svc.rt.config.publicBaseUrl}/api/v1/hooks/deploy/${r.json.id}`, header: 'X-Service-Token', never_fired: true });
    expect(JSON.stringify(detail.json)).not.toContain(r.json.deploy_hook.secret);
    expect((await call(svc.base, 'GET', '/monitors', { key })).json.monitors.map((m: any) => m.id)).toContain(r.json.id);
    const other = await newWorkspace(svc.base);
    await setTier(svc.rt, other.id, 'team');
    expect((await call(svc.base, 'GET', `/monitors/${r.json.id}`, { key: other.key })).status).toBe(404);
  });

  it('runs now once a minute, deduped while a run is queued; PATCH validates; DELETE keeps the runs', async () => {
    const m = (await call(svc.base, 'POST', '/monitors', { key, body: { url, cadence: 'hourly' } })).json;
    const queued = await call(svc.base, 'POST', `/monitors/${m.id}/run`, { key });
    expect([queued.status, queued.json.deduped, queued.json.run_id]).toEqual([202, true, m.first_run.run_id]);
    await finish(m.first_run.run_id);
    const fresh = await call(svc.base, 'POST', `/monitors/${m.id}/run`, { key });
    expect([fresh.status, fresh.json.deduped]).toEqual([202, false]);
    await finish(fresh.json.run_id);
    const limited = await call(svc.base, 'POST', `/monitors/${m.id}/run`, { key });
    expect([limited.status, limited.json.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await call(svc.base, 'PATCH', `/monitors/${m.id}`, { key, body: { status: 'sleeping' } })).json.code).toBe('invalid_status');
    expect((await call(svc.base, 'PATCH', `/monitors/${m.id}`, { key, body: { cadence: 'yearly' } })).json.code).toBe('invalid_cadence');
    expect((await call(svc.base, 'DELETE', `/monitors/${m.id}`, { key })).status).toBe(204);
    expect((await call(svc.base, 'GET', `/monitors/${m.id}`, { key })).status).toBe(404);
    const run = await svc.rt.store.runs.get(fresh.json.run_id);
    expect(run).toMatchObject({ id: fresh.json.run_id, monitor_id: null });
  });

  it('takes a deploy from the pasted curl snippet, records every delivery, coalesces, rotates, and guards against floods', async () => {
    const m = (await call(svc.base, 'POST', '/monitors', { key, body: { url } })).json;
    await finish(m.first_run.run_id);
    const { json: hooks } = await call(svc.base, 'GET', `/monitors/${m.id}/deliveries`, { key });
    expect(hooks).toMatchObject({ deliveries: [], never_fired: true });
    const gh = parseYaml(hooks.snippets.github_actions);
    expect(gh.jobs.siteqa.steps[0].run).toContain(`/api/v1/hooks/deploy/${m.id}`);
    expect(parseYaml(hooks.snippets.gitlab_ci).siteqa.script[0]).toContain('X-Service-Token');
    const run = (env: Record<string, string>) => promisify(execFile)('bash', ['-c', hooks.snippets.curl], { env: { PATH: process.env.PATH!, ...env } }).then((r) => r.stdout, (e) => `exit ${e.code}`);

    const out = JSON.parse(await run({ SITEQA_DEPLOY_TOKEN: m.deploy_hook.secret, GIT_SHA: 'abc123', GIT_REF: 'refs/heads/main' }));
    expect(out).toMatchObject({ deduped: false, run_ids: [expect.any(String)] });
    const created = await svc.rt.store.runs.get(out.run_ids[0]);
    expect(created).toMatchObject({ monitor_id: m.id, trigger: 'deploy_hook', options: { deploy: { sha: 'abc123', ref: 'refs/heads/main', env: 'production' } } });
    // A second deploy while that run is queued coalesces into it.
    const again = await call(svc.base, 'POST', `/hooks/deploy/${m.id}`, { headers: { 'x-service-token': m.deploy_hook.secret } });
    expect([again.status, again.json.deduped, again.json.run_ids]).toEqual([202, true, out.run_ids]);
    // Refusals, each recorded.
    const hook = (body: unknown, token = m.deploy_hook.secret, id = m.id) => call(svc.base, 'POST', `/hooks/deploy/${id}`, { body, headers: { 'x-service-token': token } });
    expect((await hook({ sha: 'x' }, 'sqa_hook_wrong')).json.code).toBe('bad_token');
    expect((await hook({ sha: 12 })).json.code).toBe('invalid_payload');
    expect((await hook({ url_override: 'http://evil.example/' })).json.code).toBe('invalid_payload');
    expect((await hook({ branch: 'main' })).json.code).toBe('invalid_payload');
    const unknown = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
    expect((await hook({}, m.deploy_hook.secret, unknown)).json.code).toBe('unknown_monitor');
    expect(await svc.rt.store.monitors.deliveries(unknown, 5)).toEqual([expect.objectContaining({ status: 'rejected', http_status: 404 })]);
    const rotated = await call(svc.base, 'POST', `/monitors/${m.id}/webhook/rotate`, { key });
    expect(rotated.json).toMatchObject({ monitor_id: m.id, header: 'X-Service-Token' });
    expect((await hook({}, m.deploy_hook.secret)).status).toBe(401);
    expect((await hook({}, rotated.json.webhook_secret)).status).toBe(202);
    await call(svc.base, 'PATCH', `/monitors/${m.id}`, { key, body: { status: 'paused' } });
    expect((await hook({}, rotated.json.webhook_secret)).json.code).toBe('monitor_paused');
    const { json: after } = await call(svc.base, 'GET', `/monitors/${m.id}/deliveries`, { key });
    expect(after.never_fired).toBe(false);
    expect(after.deliveries.map((d: any) => [d.status, d.http_status])).toEqual([
      ['rejected', 409], ['deduped', 202], ['rejected', 401], ['rejected', 422], ['rejected', 422], ['rejected', 422], ['rejected', 401], ['deduped', 202], ['accepted', 202],
    ]);
    expect(after.deliveries.at(-1)).toMatchObject({ run_id: out.run_ids[0], sha: 'abc123', requester_ip: '127.0.0.1' });
    // The flood guard: ten wrong tokens a minute from one address, then 429 (still recorded).
    for (let i = 0; i < 8; i++) await hook({}, 'sqa_hook_wrong');
    expect((await hook({}, 'sqa_hook_wrong')).status).toBe(429);
    expect((await call(svc.base, 'GET', `/monitors/${m.id}/deliveries`, { key })).json.deliveries[0]).toMatchObject({ status: 'rejected', http_status: 429 });
  });

  it('schedules by the clock: jittered slots, resume runs within a tick, and two schedulers never run one slot twice', async () => {
    const m = (await call(svc.base, 'POST', '/monitors', { key, body: { url, cadence: 'hourly' } })).json;
    await finish(m.first_run.run_id);
    const slot = new Date(m.next_run_at);
    expect(slot.getTime() % 3_600_000).toBe(jitterMs(m.id, 'hourly'));
    expect((await tickMonitors(svc.rt)).started).toBe(0); // not yet due
    clock.advance(slot.getTime() - clock.now().getTime() + 1000);
    // A second scheduler process on the same database, ticking at the same moment.
    const rt2 = await createRuntime(loadConfig({ DATA_DIR: svc.rt.config.dataDir, LOG_LEVEL: 'silent', QA_URL_ALLOWLIST: SITE }), { store: database.name === 'postgres' ? await database.open() : svc.rt.store, clock });
    const [a, b] = await Promise.all([tickMonitors(svc.rt), tickMonitors(rt2)]);
    if (database.name === 'postgres') await rt2.store.close();
    expect(a.started + b.started).toBeGreaterThanOrEqual(1);
    const runs = await runsOf(m.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.trigger).toBe('monitor_schedule');
    const moved = (await call(svc.base, 'GET', `/monitors/${m.id}`, { key })).json;
    expect(new Date(moved.next_run_at).getTime() - slot.getTime()).toBe(3_600_000);
    // While that run is queued, the next slot passes without a second run.
    clock.advance(3_600_000);
    await tickMonitors(svc.rt);
    expect(await runsOf(m.id)).toHaveLength(2);
    await finish(runs[0]!.id);
    // Pause, then resume: due at once.
    await call(svc.base, 'PATCH', `/monitors/${m.id}`, { key, body: { status: 'paused' } });
    clock.advance(3 * 3_600_000);
    await tickMonitors(svc.rt);
    expect(await runsOf(m.id)).toHaveLength(2);
    const resumed = (await call(svc.base, 'PATCH', `/monitors/${m.id}`, { key, body: { status: 'active' } })).json;
    expect(resumed.next_run_at).toBe(clock.now().toISOString());
    await tickMonitors(svc.rt);
    expect(await runsOf(m.id)).toHaveLength(3);
    // Billing pause (payment failed): the workspace's monitors wait, its deploy hooks answer 402.
    await finish((await runsOf(m.id))[0]!.id);
    const ws = await svc.rt.store.workspaces.get(m.workspace_id ?? (await svc.rt.store.monitors.getById(m.id))!.workspace_id);
    await setBillingPause(svc.rt, ws!.id, clock.now());
    clock.advance(2 * 3_600_000);
    await tickMonitors(svc.rt);
    expect(await runsOf(m.id)).toHaveLength(3);
    const hook = await call(svc.base, 'POST', `/hooks/deploy/${m.id}`, { headers: { 'x-service-token': m.deploy_hook.secret } });
    expect([hook.status, hook.json.code]).toEqual([402, 'payment_required']);
    await setBillingPause(svc.rt, ws!.id, null);
    await tickMonitors(svc.rt);
    expect(await runsOf(m.id)).toHaveLength(4);
  });
});
