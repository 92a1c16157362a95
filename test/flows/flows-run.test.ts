// A user's whole path with flows, over real HTTP and a real browser against the loopback shop:
// compile → draft → confirm → store credentials → run (streamed like an audit) → a report whose
// Flows section shows each step with a screenshot; a replay pins nothing new and calls no model;
// per-run credentials are used once; a deploy that renames a button fails the step without a click.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { SHOP_PASSWORD, SHOP_USER, startShopApp, type ShopApp } from '../support/shop-app.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

let shop: ShopApp;
let svc: TestService;
let key: string;
let model: { server: Server; base: string; calls: number };

/** A stand-in OpenAI-compatible server: rewrites any line into a vocabulary step, counts calls. */
function standInModel(): Promise<typeof model> {
  const state = { calls: 0 } as typeof model;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      state.calls++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: 'c1', object: 'chat.completion', created: 1, model: 'stand-in',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'click "Lamp"' } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }));
    });
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(Object.assign(state, { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }))));
}

beforeAll(async () => {
  shop = await startShopApp();
  model = await standInModel();
  svc = await startTestService({
    QA_URL_ALLOWLIST: shop.hostPort, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0',
    QA_MODEL_BASE_URL: model.base, QA_MODEL_NAME: 'stand-in', QA_MODEL_API_KEY: 'sk-test-model-key',
  });
  const ws = await newWorkspace(svc.base);
  await setTier(svc.rt, ws.id, 'starter');
  key = ws.key;
});
afterAll(async () => {
  await svc?.stop();
  await shop?.close();
  await new Promise<void>((r) => model.server.close(() => r()));
});

async function runToEnd(flowId: string, body: unknown = {}) {
  const started = await call(svc.base, 'POST', `/flows/${flowId}/run`, { key, body });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const { events } = await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 60_000 });
  const report = (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json;
  return { started: started.json, events, report };
}

describe('flows, end to end', () => {
  let flowId: string;

  it('compiles, confirms, stores credentials and runs: every step passes, with screenshots under the share link', async () => {
    const created = await call(svc.base, 'POST', '/flows', { key, body: { url: `${shop.origin}/`, name: 'Sign in and buy', test_case: [
      'go to /login', 'fill "Email" with "{{EMAIL}}"', 'fill "Password" with "{{PASSWORD}}"', 'click "Sign in"',
      'expect url contains "/account"', 'expect text "Welcome back"', 'click "Lamp"', 'click "Add to cart"', 'wait for "Added to cart"',
    ].join('\n') } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    flowId = created.json.flow_id;
    expect((await call(svc.base, 'POST', `/flows/${flowId}/confirm`, { key })).status).toBe(200);
    expect((await call(svc.base, 'PUT', `/flows/${flowId}/credentials`, { key, body: { credentials: { EMAIL: SHOP_USER, PASSWORD: SHOP_PASSWORD } } })).status).toBe(200);
    const callsBefore = model.calls;

    const { started, events, report } = await runToEnd(flowId);
    expect(started.usage).toHaveProperty('calls_used');
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['queued', 'started', 'step', 'end']));
    expect(events.filter((e) => e.type === 'step')).toHaveLength(9);
    expect(report.status).toBe('succeeded');
    const flow = report.flows.flows[0];
    expect(flow).toMatchObject({ name: 'Sign in and buy', outcome: 'passed' });
    expect(flow.steps.map((s: any) => s.outcome)).toEqual(Array(9).fill('passed'));
    expect(report.findings.filter((f: any) => f.check_id === 'flows.step_failed')).toEqual([]);
    // The screenshot of a step is served under the share link, and nowhere else.
    const token = started.report_url.split('/').pop();
    const img = await fetch(`${svc.base}/r/${token}/images/${flow.steps[3].screenshot}`);
    expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await fetch(`${svc.base}/r/not-the-token/images/${flow.steps[3].screenshot}`)).status).toBe(404);
    const html = await (await fetch(`${svc.base}${started.report_url}`)).text();
    expect(html).toContain(`/r/${token}/images/img-001`);
    expect(html).toContain('Add to cart');
    // No model call and no metered unit for a run.
    expect(model.calls).toBe(callsBefore);
    // The credentials reached the shop and nothing we store.
    expect(shop.hits.some((h) => h.path === '/login' && h.method === 'POST' && h.body.includes(encodeURIComponent(SHOP_USER)))).toBe(true);
    const dump = JSON.stringify((await sql`select * from evidence`.execute(svc.rt.store.db)).rows) + JSON.stringify((await sql`select * from reports`.execute(svc.rt.store.db)).rows)
      + JSON.stringify((await sql`select * from runs`.execute(svc.rt.store.db)).rows) + JSON.stringify((await sql`select * from run_events`.execute(svc.rt.store.db)).rows);
    expect(dump).not.toContain(SHOP_PASSWORD);
    expect(dump).not.toContain(SHOP_USER);
    expect(html).not.toContain(SHOP_USER);
  });

  it('pins the targets its steps touched after the first passing run; the flow stays confirmed', async () => {
    const detail = (await call(svc.base, 'GET', `/flows/${flowId}`, { key })).json;
    expect(detail.status).toBe('confirmed');
    const click = detail.spec.steps.find((s: any) => s.action === 'click' && s.target === 'Add to cart');
    expect(click.pinned).toMatchObject({ role: 'button', name: 'Add to cart', css: '#primary' });
  });

  it('fails a step whose pinned button was renamed by a deploy, without clicking what stands there now', async () => {
    shop.variant = 'renamed';
    try {
      const before = shop.hits.length;
      const { report } = await runToEnd(flowId);
      const failed = report.findings.filter((f: any) => f.check_id === 'flows.step_failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ section: 'flows', severity: 'critical', tier: 'verified' });
      expect(failed[0].evidence.error).toMatch(/expected button "Add to cart", found button "Buy now"/);
      expect(report.flows.flows[0].outcome).toBe('failed');
      expect(shop.hits.slice(before).filter((h) => h.path === '/buy')).toEqual([]);
    } finally {
      shop.variant = 'normal';
    }
  });

  it('uses per-run credentials once and never stores them', async () => {
    const created = await call(svc.base, 'POST', '/flows', { key, body: { url: `${shop.origin}/`, name: 'Search', test_case: 'fill "Search products" with "{{QUERY}}"\nclick "Search"\nexpect text "Desk lamp"' } });
    const id = created.json.flow_id;
    await call(svc.base, 'POST', `/flows/${id}/confirm`, { key });
    const missing = await call(svc.base, 'POST', `/flows/${id}/run`, { key, body: {} });
    expect([missing.status, missing.json.code]).toEqual([422, 'invalid_payload']);
    expect(missing.json.hint).toMatch(/QUERY/);
    const { report } = await runToEnd(id, { credentials: { QUERY: 'lamp-secret-query' } });
    expect(report.flows.flows[0].outcome).toBe('passed');
    expect(Number(((await sql<{ n: number }>`select count(*) as n from run_credentials`.execute(svc.rt.store.db)).rows[0]!).n)).toBe(0);
    expect(JSON.stringify(report)).not.toContain('lamp-secret-query');
  });

  it('compiles a line outside the vocabulary with one metered model call, shown in the draft for review', async () => {
    const before = model.calls;
    const usageBefore = (await call(svc.base, 'GET', '/workspaces/current/usage', { key })).json.calls_used;
    const created = await call(svc.base, 'POST', '/flows', { key, body: { url: `${shop.origin}/`, name: 'Model', test_case: 'go to /\nhead over to the lamp page' } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(model.calls).toBe(before + 1);
    expect(created.json.spec.steps[1]).toMatchObject({ action: 'click', target: 'Lamp', source: { compiled_by: 'model' } });
    expect(created.json.review_hint).toMatch(/model/i);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key })).json.calls_used).toBe(usageBefore + 1);
  });
});
