// Usage and settings over real HTTP: anonymous and workspace usage objects, the hard cap (402
// quota_exceeded) and overage opt-in, and PATCH /workspaces/current/usage's refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { call, grantedWorkspace, MovableClock, newWorkspace, publicLookup } from '../workspaces/helpers.js';

describe('usage and settings', () => {
  let svc: TestService;
  const clock = new MovableClock(new Date('2026-04-10T08:00:00.000Z'));
  beforeAll(async () => {
    svc = await startTestService({ QA_AUDIT_RATE_LIMIT: '5', QA_AUDIT_RATE_WINDOW_SEC: '3600', QA_FREE_AUDIT_POOL: '1000', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false });
    svc.rt.guard.lookupAll = publicLookup;
    svc.rt.clock = clock;
  });
  afterAll(() => svc.stop());

  /** Counts `n` metered calls in the workspace's current period (a workspace's first period starts at its creation). */
  const fill = async (ws: { json: { workspace_id: string; created_at: string } }, n: number) => {
    for (let i = 0; i < n; i++) await svc.rt.store.usage.consume(ws.json.workspace_id, new Date(ws.json.created_at), null);
  };

  it("answers anonymous callers with their IP's audit allowance in the current window", async () => {
    const before = await call(svc.base, 'GET', '/workspaces/current/usage');
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      calls_used: 0, calls_included: 5, calls_remaining: 5, period_start: '2026-04-10T08:00:00.000Z', period_end: '2026-04-10T09:00:00.000Z',
      monitor_paused_at: null, opt_in_to_overage: false, prepaid_credit_balance: 0,
    });
    await call(svc.base, 'POST', '/audits', { body: { url: 'https://site.example/' } });
    await call(svc.base, 'POST', '/audits', { body: { url: 'https://site.example/' } });
    expect((await call(svc.base, 'GET', '/workspaces/current/usage')).json).toMatchObject({ calls_used: 2, calls_remaining: 3 });
  });

  it('answers a workspace with its calls this monthly period against its tier', async () => {
    const ws = await grantedWorkspace(svc, 'starter');
    await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } });
    const u = await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key });
    expect(u.json).toEqual({
      calls_used: 1, calls_included: 500, calls_remaining: 499, period_start: '2026-04-10T08:00:00.000Z', period_end: '2026-05-10T08:00:00.000Z',
      monitor_paused_at: null, opt_in_to_overage: false, prepaid_credit_balance: 0,
    });
  });

  it('stops a free workspace at its cap with 402 quota_exceeded naming the upgrade, and creates nothing', async () => {
    const ws = await newWorkspace(svc.base);
    await fill(ws, 49);
    expect((await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })).status).toBe(202);
    const refused = await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } });
    expect([refused.status, refused.json.code]).toEqual([402, 'quota_exceeded']);
    expect(refused.json.hint).toMatch(/billing\/checkout/);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key })).json).toMatchObject({ calls_used: 50, calls_remaining: 0 });
  });

  it('lets exactly the remaining calls through when requests race at the cap', async () => {
    const ws = await newWorkspace(svc.base);
    await fill(ws, 47);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 402, 402, 402, 402, 402]);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key })).json).toMatchObject({ calls_used: 50, calls_remaining: 0 });
    expect((await call(svc.base, 'GET', '/audits?limit=100', { key: ws.key })).json.runs).toHaveLength(3);
  });

  it('does not count a call the URL guard refused', async () => {
    const ws = await newWorkspace(svc.base);
    const r = await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'http://10.0.0.1/' } });
    expect([r.status, r.json.code]).toEqual([422, 'unsafe_url']);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key })).json.calls_used).toBe(0);
  });

  it('lets a paid workspace run past the cap only after opting in to overage', async () => {
    const ws = await grantedWorkspace(svc, 'starter');
    await fill(ws, 500);
    const capped = await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } });
    expect([capped.status, capped.json.code]).toEqual([402, 'quota_exceeded']);
    expect(capped.json.hint).toMatch(/opt_in_to_overage/);
    const opted = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } });
    expect(opted.status).toBe(200);
    expect(opted.json).toMatchObject({ opt_in_to_overage: true, usage: { opt_in_to_overage: true, calls_remaining: 0 } });
    expect((await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })).status).toBe(202);
    // null (allowed by the contract) means "not opted in"; a string is not a boolean (no coercion).
    const unset = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: null, email_alerts_enabled: null } });
    expect([unset.status, unset.json.opt_in_to_overage, unset.json.email_alerts_enabled]).toEqual([200, false, null]);
    const typed = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: 'true' } });
    expect([typed.status, typed.json.code]).toEqual([422, 'invalid_payload']);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key })).json.opt_in_to_overage).toBe(false);
  });

  it("gives agent_temp (an agent's no-card trial) 100 calls for 7 days, then free's terms", async () => {
    const ws = await newWorkspace(svc.base, { tier: 'agent_temp' });
    expect(ws.json).toMatchObject({ tier: 'agent_temp', paid_capabilities: { paid: false }, usage: { calls_included: 100 } });
    const optIn = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } });
    expect([optIn.status, optIn.json.code]).toEqual([402, 'tier_required']);
    clock.advance(7 * 24 * 3600_000);
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json).toMatchObject({ tier: 'free', usage: { calls_included: 50 } });
  });

  it('starts a new period (and a fresh quota) a month after creation', async () => {
    const ws = await newWorkspace(svc.base);
    await fill(ws, 50);
    expect((await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })).status).toBe(402);
    clock.advance(31 * 24 * 3600_000);
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: ws.key })).json).toMatchObject({ calls_used: 0, calls_remaining: 50 });
    expect((await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })).status).toBe(202);
  });

  it('PATCH accepts the settings fields, returns settings plus usage, and never echoes the secret', async () => {
    const ws = await newWorkspace(svc.base);
    const r = await call(svc.base, 'PATCH', '/workspaces/current/usage', {
      key: ws.key,
      body: { display_name: 'Shop', usage_webhook_url: 'https://hooks.site.example/usage', usage_webhook_secret: 'whsec_0123456789abcdef', email_alerts_enabled: true, slack_alerts_enabled: null },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      display_name: 'Shop', usage_webhook_url: 'https://hooks.site.example/usage', usage_webhook_secret: '…cdef', opt_in_to_overage: false,
      email_alerts_enabled: true, slack_alerts_enabled: null, usage: expect.objectContaining({ calls_included: 50 }),
    });
    const row = await svc.rt.store.db.selectFrom('workspaces').selectAll().where('id', '=', ws.id).executeTakeFirstOrThrow();
    expect(row.usage_webhook_secret).not.toContain('whsec');
    const cleared = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: null, usage_webhook_secret: null } });
    expect(cleared.json).toMatchObject({ display_name: 'Shop', usage_webhook_url: null, usage_webhook_secret: null, email_alerts_enabled: true });
  });

  it('PATCH replays an Idempotency-Key without side effects and refuses it with another body', async () => {
    const ws = await newWorkspace(svc.base);
    const headers = { 'idempotency-key': 'patch-1' };
    const first = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, headers, body: { display_name: 'One' } });
    await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { display_name: 'Two' } });
    const replay = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, headers, body: { display_name: 'One' } });
    expect([replay.status, replay.json, replay.headers.get('idempotent-replayed')]).toEqual([200, first.json, 'true']);
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json.display_name).toBe('Two');
    const reused = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, headers, body: { display_name: 'Three' } });
    expect([reused.status, reused.json.code]).toEqual([422, 'idempotency_key_reused']);
    // Keys are scoped per workspace: another workspace's identical key is a new request.
    const other = await newWorkspace(svc.base);
    const theirs = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: other.key, headers, body: { display_name: 'Three' } });
    expect([theirs.status, theirs.json.display_name, theirs.headers.get('idempotent-replayed')]).toEqual([200, 'Three', null]);
  });

  it('PATCH refuses other fields (422), overage on free (402 tier_required) and unsafe webhook URLs (422 invalid_webhook_url)', async () => {
    const ws = await newWorkspace(svc.base);
    for (const body of [{ tier: 'pro' }, { calls_included: 1e6 }, { owner_email: 'x@site.example' }, { opt_in_to_overage: 'yes' }]) {
      const r = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body });
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([422, 'invalid_payload']);
    }
    const tier = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } });
    expect([tier.status, tier.json.code]).toEqual([402, 'tier_required']);
    for (const [url, why] of [
      ['http://hooks.site.example/usage', /https/],
      ['https://10.0.0.1/hook', /private/],
      ['https://127.0.0.1/hook', /loopback/],
      ['https://metadata.internal/hook', /10\.0\.0\.7|private/],
      ['https://user:pw@hooks.site.example/', /credentials/],
      ['not a url', /absolute URL/],
    ] as const) {
      const r = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: url } });
      expect([r.status, r.json.code], url).toEqual([422, 'invalid_webhook_url']);
      expect(r.json.hint).toMatch(why);
    }
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json.usage_webhook_url).toBeNull();
  });
});
