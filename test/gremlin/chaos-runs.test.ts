// Chaos runs over real HTTP and a real browser against a loopback shop with planted bugs: each
// persona finds the bug meant for it from a seed (and the same seed finds it again); dry run by
// default (the shop's write endpoints see nothing, the report lists what would have been sent);
// with an authorization the writes may go through; a payment form stops the run and /pay is never
// reached; every contract code. A draft offered for an exception or a 5xx, confirmed as a flow, fails
// while the planted bug is there (at its expect_no_errors step) and passes on the fixed shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { startChaosShop, type ChaosShop } from '../support/chaos-shop.js';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

let shop: ChaosShop;
let svc: TestService;
let key: string;

beforeAll(async () => {
  shop = await startChaosShop();
  svc = await startTestService({ QA_URL_ALLOWLIST: shop.hostPort, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', QA_GREMLIN_CONCURRENCY: '8', QA_WORKER_CONCURRENCY: '3' });
  const ws = await newWorkspace(svc.base);
  await setTier(svc.rt, ws.id, 'starter');
  key = ws.key;
});
afterAll(async () => {
  await svc?.stop();
  await shop?.close();
});

async function chaos(body: Record<string, unknown>) {
  const started = await call(svc.base, 'POST', '/gremlin', { key, body });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const { events } = await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 90_000 });
  return { started: started.json, events, report: (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json };
}

/** Drafts the chaos runs below offered, by breakage kind: the regression-test test confirms them. */
const drafts = new Map<string, { url: string; draft: any }>();

const breakages = (report: any) => report.findings.filter((f: any) => f.check_id === 'chaos.breakage');
const pick0 = (report: any) => breakages(report).find((f: any) => f.evidence.kind === 'broken_text');

describe('chaos runs', () => {
  it('answers the contract codes', async () => {
    expect((await call(svc.base, 'POST', '/gremlin', { body: { url: shop.origin } })).status).toBe(401);
    expect((await call(svc.base, 'POST', '/gremlin', { key, body: { url: shop.origin, persona: 'grumpy' } })).json.code).toBe('invalid_persona');
    expect((await call(svc.base, 'POST', '/gremlin', { key, body: { url: 'http://10.0.0.7/' } })).json.code).toBe('unsafe_url');
    expect((await call(svc.base, 'POST', '/gremlin', { key, body: { url: shop.origin, direction: 'x'.repeat(501) } })).status).toBe(422);
    const off = await startTestService({ QA_GREMLIN_ENABLED: 'false', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false });
    try {
      const ws = await newWorkspace(off.base);
      expect((await call(off.base, 'POST', '/gremlin', { key: ws.key, body: { url: 'https://shop.example/' } })).json).toMatchObject({ code: 'gremlin_disabled' });
    } finally {
      await off.stop();
    }
  });

  it('authorizes domains: bare hosts only, a note of at most 256 characters, a warning in the answer', async () => {
    expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'https://shop.example/x' } })).json.code).toBe('invalid_host');
    expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'shop.example', note: 'n'.repeat(257) } })).status).toBe(422);
    const ok = await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'Staging.Shop.Example', note: 'staging only' } });
    expect(ok.json).toMatchObject({ host: 'staging.shop.example', allow_mutation: true, note: 'staging only', warning: expect.stringMatching(/Payments are never executed/) });
    expect((await call(svc.base, 'GET', '/gremlin/domains', { key })).json.domains).toEqual([{ host: 'staging.shop.example', allow_mutation: true, note: 'staging only' }]);
  });

  it('hostile types a quote into the search and breaks it; the same seed finds it again', async () => {
    const { started, events, report } = await chaos({ url: `${shop.origin}/search`, persona: 'hostile', seed: 4 });
    expect(started).toMatchObject({ persona: 'hostile', mode: 'dry_run', step_cap: 20, seed: 4 });
    const found = breakages(report);
    expect(found.map((f: any) => f.evidence.kind)).toContain('uncaught_exception');
    const f = found.find((x: any) => x.evidence.kind === 'uncaught_exception');
    expect(f).toMatchObject({ severity: 'critical', section: 'works' });
    expect(f.evidence.reproduction[0]).toEqual({ action: 'goto', url: `${shop.origin}/search` });
    expect(f.evidence.reproduction.some((s: any) => s.action === 'fill')).toBe(true);
    // Shrunk in fresh sessions to what matters: open the search, type the quote, press Enter.
    expect(f.evidence.minimal.map((s: any) => [s.action, s.target ?? s.url ?? s.key])).toEqual([['goto', `${shop.origin}/search`], ['fill', 'Search'], ['press', 'Enter']]);
    expect(f.evidence.draft_flow).toMatchObject({ version: 'flow-spec/v1', start_url: `${shop.origin}/search`, steps: [{ action: 'goto' }, { action: 'fill', target: 'Search', pinned: { css: '#q' } }, { action: 'press', key: 'Enter' }, { action: 'expect_no_errors' }] });
    drafts.set('uncaught_exception', { url: `${shop.origin}/search`, draft: f.evidence.draft_flow });
    // Shrinking reports its progress on the run's event stream, before the checks and the end.
    const shrink = events.filter((e) => e.type === 'shrink').map((e) => e.data as any);
    expect(shrink[0]).toMatchObject({ phase: 'started', breakage: 1, of: expect.any(Number), replays: 0, max_replays: 30 });
    expect(shrink.filter((e) => e.phase === 'replayed').map((e) => e.replays)).toEqual(shrink.filter((e) => e.phase === 'replayed').map((_, i) => i + 1));
    expect(shrink.find((e) => e.phase === 'done' && e.kind === 'uncaught_exception')).toMatchObject({ reproduced: true, from: f.evidence.shrink.from, to: f.evidence.shrink.to });
    expect(events.findIndex((e) => e.type === 'shrink')).toBeLessThan(events.findIndex((e) => e.type === 'checks'));
    const again = await chaos({ url: `${shop.origin}/search`, persona: 'hostile', seed: 4 });
    expect(breakages(again.report).map((x: any) => [x.evidence.kind, x.evidence.step])).toEqual(found.map((x: any) => [x.evidence.kind, x.evidence.step]));
  });

  it('impatient clicks "Add to cart" too fast and the total shows NaN', async () => {
    const { report } = await chaos({ url: `${shop.origin}/product`, persona: 'impatient', seed: 4 });
    expect(breakages(report).map((f: any) => [f.evidence.kind, f.severity])).toContainEqual(['broken_text', 'warning']);
  });

  it('fat finger, back-button masher and confused newbie each find the bug planted for them, again with the same seed; the minimal steps make a flow POST /flows takes', async () => {
    const cases = [
      { persona: 'fat_finger', path: '/gifts', seed: 1, kind: 'broken_text', message: /Total: NaN/ },
      { persona: 'back_button_masher', path: '/orders', seed: 4, kind: 'uncaught_exception', message: /reading 'status'/ },
      { persona: 'confused_newbie', path: '/help', seed: 2, kind: 'server_error', message: /GET \S+\/help\/returns answered 500/ },
    ];
    const runs = await Promise.all(cases.flatMap((c) => [c, c]).map((c) => chaos({ url: `${shop.origin}${c.path}`, persona: c.persona, seed: c.seed })));
    for (const [i, c] of cases.entries()) {
      const [first, second] = [runs[2 * i]!, runs[2 * i + 1]!];
      const pick = (report: any) => breakages(report).find((f: any) => f.evidence.kind === c.kind && c.message.test(f.evidence.message));
      const f = pick(first.report);
      expect(f, `${c.persona}: ${JSON.stringify(breakages(first.report).map((x: any) => x.evidence.message))}`).toBeDefined();
      expect(f.evidence.step).toBeLessThanOrEqual(first.started.step_cap);
      expect(pick(second.report)?.evidence.step).toBe(f.evidence.step);
      expect(f.evidence.shrink).toMatchObject({ reproduced: true });
      expect(f.evidence.minimal.length).toBeLessThanOrEqual(f.evidence.reproduction.length);
      expect(f.evidence.minimal[0]).toEqual({ action: 'goto', url: `${shop.origin}${c.path}` });
      if (c.kind === 'server_error') drafts.set('server_error', { url: `${shop.origin}${c.path}`, draft: f.evidence.draft_flow });
      const flow = await call(svc.base, 'POST', '/flows', { key, body: { url: `${shop.origin}${c.path}`, name: `regression: ${c.persona}`, spec: f.evidence.draft_flow } });
      expect(flow.status, JSON.stringify(flow.json)).toBe(201);
      const html = await (await fetch(`${svc.base}${first.started.report_url}`)).text();
      expect(html).toContain('Minimal reproduction');
      expect(html).toContain('&quot;version&quot;: &quot;flow-spec/v1&quot;');
    }
    // What only watching the page can see is never reported on the shop's well-made controls.
    const watched = runs.flatMap((r) => breakages(r.report)).filter((f: any) => ['dead_click', 'endless_spinner', 'lost_input'].includes(f.evidence.kind));
    for (const f of watched) expect(f.evidence.message).toMatch(/“Add to wishlist”|Loading reviews|#name on \/contact/);
    // The NaN a mistyped quantity shows is stated as the flow's last expectation, so it fails until fixed.
    const nan = pick0(runs[0]!.report);
    expect(nan.evidence.draft_flow.steps.at(-1)).toMatchObject({ action: 'expect_no_text', text: 'NaN' });
  }, 150_000);

  it('a draft for an exception or a 5xx, confirmed as a flow, fails at expect_no_errors while the bug is there and passes once it is fixed', async () => {
    const cases = [
      { kind: 'uncaught_exception', persona: 'hostile', path: '/search', seed: 4, error: /^1 error on the page since the flow started: uncaught exception “.*JSON/ },
      { kind: 'server_error', persona: 'confused_newbie', path: '/help', seed: 2, error: /^1 error on the page since the flow started: GET \S+\/help\/returns answered 500$/ },
    ];
    const runFlow = async (flowId: string) => {
      const started = await call(svc.base, 'POST', `/flows/${flowId}/run`, { key, body: {} });
      expect(started.status, JSON.stringify(started.json)).toBe(202);
      await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 60_000 });
      return (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json;
    };
    for (const c of cases) {
      // The drafts the runs above were offered (a chaos run of its own when this test runs alone).
      let found = drafts.get(c.kind);
      if (!found) {
        const { report } = await chaos({ url: `${shop.origin}${c.path}`, persona: c.persona, seed: c.seed });
        found = { url: `${shop.origin}${c.path}`, draft: breakages(report).find((f: any) => f.evidence.kind === c.kind).evidence.draft_flow };
      }
      expect(found.draft.steps.at(-1)).toMatchObject({ action: 'expect_no_errors' });
      const created = await call(svc.base, 'POST', '/flows', { key, body: { url: found.url, name: `confirmed: ${c.kind}`, spec: found.draft } });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect((await call(svc.base, 'POST', `/flows/${created.json.flow_id}/confirm`, { key })).status).toBe(200);

      const broken = await runFlow(created.json.flow_id);
      const flow = broken.flows.flows[0];
      expect(flow.outcome, JSON.stringify(flow.steps.map((s: any) => [s.action, s.outcome, s.error]))).toBe('failed');
      expect(flow.steps.at(-1)).toMatchObject({ action: 'expect_no_errors', outcome: 'failed' });
      expect(flow.steps.at(-1).error).toMatch(c.error);
      expect(flow.steps.slice(0, -1).every((s: any) => s.outcome === 'passed')).toBe(true);
      const failed = broken.findings.filter((f: any) => f.check_id === 'flows.step_failed');
      expect(failed.map((f: any) => f.evidence.action)).toEqual(['expect_no_errors']);
      expect(failed[0].evidence.error).toMatch(c.error);

      shop.fixed = true;
      try {
        const fixed = await runFlow(created.json.flow_id);
        expect(fixed.flows.flows[0].outcome, JSON.stringify(fixed.flows.flows[0].steps.map((s: any) => [s.action, s.outcome, s.error]))).toBe('passed');
        expect(fixed.findings.filter((f: any) => f.check_id === 'flows.step_failed')).toEqual([]);
      } finally {
        shop.fixed = false;
      }
    }
  }, 120_000);

  it('stays a dry run unless the host is authorized, and never pays', async () => {
    const before = shop.hits.filter((h) => h.method === 'POST').length;
    const dry = await chaos({ url: `${shop.origin}/`, persona: 'hostile', seed: 2, direction: 'post a review' });
    expect(shop.hits.filter((h) => h.method === 'POST').length).toBe(before);
    expect(dry.report.chaos.would_have_sent.map((w: any) => `${w.method} ${new URL(w.url).pathname}`)).toContain('POST /reviews');
    const pay = await chaos({ url: `${shop.origin}/checkout`, persona: 'hostile', seed: 1 });
    expect(pay.report.chaos.payment_stop).toMatchObject({ step: 0, detected: expect.stringContaining('cardnumber') });
    expect(shop.hits.filter((h) => h.path === '/pay')).toEqual([]);
    const html = await (await fetch(`${svc.base}${pay.started.report_url}`)).text();
    expect(html).toContain('Stopped at a payment form');
    expect(await (await fetch(`${svc.base}${dry.started.report_url}`)).text()).toContain('Would have sent (');
    await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: '127.0.0.1' } });
    const real = await chaos({ url: `${shop.origin}/`, persona: 'hostile', seed: 2, direction: 'post a review' });
    expect(real.started.mode).toBe('mutation_allowed');
    expect(shop.hits.filter((h) => h.method === 'POST' && h.path === '/reviews').length).toBeGreaterThan(0);
    const payAgain = await chaos({ url: `${shop.origin}/checkout`, persona: 'hostile', seed: 1 });
    expect(payAgain.report.chaos.payment_stop).not.toBeNull();
    expect(shop.hits.filter((h) => h.path === '/pay')).toEqual([]);
  });
});
