// Workspaces over real HTTP: creation returns the prefixed key once and stores only its hash; the
// bearer plugin refuses missing and wrong keys with {code, hint}; another workspace's key sees
// only its own data on every bearer endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/workspaces/api-key.js';
import { testDatabases } from '../support/db.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, grantedWorkspace, newWorkspace, publicLookup } from './helpers.js';

describe.each(testDatabases())('workspaces and bearer auth on $name', (database) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ QA_AUDIT_RATE_LIMIT: '1000', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false, store: await database.open() });
    svc.rt.guard.lookupAll = publicLookup;
  });
  afterAll(() => svc.stop());

  it('creates a free workspace by default and returns a sqa_live_ key once, stored only as its SHA-256', async () => {
    const r = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: ' Ada@Site.Example ', display_name: 'Ada' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ owner_email: 'Ada@site.example', display_name: 'Ada', tier: 'free', usage_webhook_url: null, usage_webhook_secret: null, opt_in_to_overage: false });
    expect(r.json.api_token).toMatch(/^sqa_live_[A-Za-z0-9_-]{43}$/);
    expect(r.json.usage).toMatchObject({ calls_used: 0, calls_included: 50, calls_remaining: 50 });
    const row = await svc.rt.store.db.selectFrom('workspaces').selectAll().where('id', '=', r.json.workspace_id).executeTakeFirstOrThrow();
    expect(row.api_key_hash).toBe(hashApiKey(r.json.api_token));
    expect(JSON.stringify(row)).not.toContain(r.json.api_token.slice(9));
    const again = await call(svc.base, 'GET', '/workspaces/current', { key: r.json.api_token });
    expect(again.status).toBe(200);
    expect(again.json.api_token).toBeUndefined();
    expect(again.json).toMatchObject({ workspace_id: r.json.workspace_id, tier: 'free', usage: { calls_used: 0 } });
  });

  it('refuses an unknown tier (invalid_tier), a bad email (invalid_email) and unknown fields (invalid_payload)', async () => {
    const tier = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'a@site.example', tier: 'platinum' } });
    expect([tier.status, tier.json.code]).toEqual([422, 'invalid_tier']);
    for (const owner_email of ['not-an-email', 'a@b', 'a@site.example, b@site.example']) {
      const r = await call(svc.base, 'POST', '/workspaces', { body: { owner_email } });
      expect([r.status, r.json.code], owner_email).toEqual([422, 'invalid_email']);
    }
    const missing = await call(svc.base, 'POST', '/workspaces', { body: { display_name: 'x' } });
    expect([missing.status, missing.json.code]).toEqual([422, 'invalid_payload']);
    const extra = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'a@site.example', api_token: 'mine' } });
    expect([extra.status, extra.json.code]).toEqual([422, 'invalid_payload']);
  });

  it('accepts every tier of the contract: free and agent_temp at once, paid tiers as requested until checkout (paid means a card)', async () => {
    for (const tier of ['free', 'agent_temp']) {
      expect((await newWorkspace(svc.base, { tier })).json).toMatchObject({ tier, requested_tier: null, next_step: null, paid_capabilities: { paid: false } });
    }
    for (const tier of ['starter', 'pro', 'team']) {
      const { id, json } = await newWorkspace(svc.base, { tier });
      expect(json).toMatchObject({ tier: 'free', requested_tier: tier, subscription_status: null, paid_capabilities: { paid: false, paused: false }, usage: { calls_included: 50 } });
      // No payment provider on this service: the next step is the operator's grant (with one: checkout, see test/billing).
      expect(json.next_step).toContain(`siteqa admin workspace set-tier ${id} ${tier}`);
    }
    expect((await newWorkspace(svc.base, { tier: 'agent_temp' })).json.usage.calls_included).toBe(100);
  });

  it('replays POST /workspaces for the same Idempotency-Key without creating a second workspace', async () => {
    const count = async () => Number((await svc.rt.store.db.selectFrom('workspaces').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const headers = { 'idempotency-key': 'ws-create-1' };
    const a = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'i@site.example' }, headers });
    const b = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'i@site.example' }, headers });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json.api_token).toBe(a.json.api_token);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(before + 1);
    // The replay cache holds the key only sealed (AES-GCM under SECRETS_KEY), never in the clear.
    const stored = await svc.rt.store.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'ws-create-1').execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(a.json.api_token);
    expect(JSON.stringify(stored)).not.toContain(a.json.api_token.slice('sqa_live_'.length));
  });

  it('limits workspace creation per IP with 429 rate_limited and Retry-After', async () => {
    svc.rt.config.workspaceCreateRateLimit = 1;
    try {
      await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'flood@site.example' } });
      const r = await call(svc.base, 'POST', '/workspaces', { body: { owner_email: 'flood@site.example' } });
      expect([r.status, r.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      svc.rt.config.workspaceCreateRateLimit = 1000;
    }
  });

  it.each([
    ['GET', '/workspaces/current'],
    ['PATCH', '/workspaces/current/usage'],
    ['POST', '/workspaces/current/usage-webhook/test'],
    ['GET', '/audits'],
  ])('%s %s answers 401 {code, hint} without a key, with a wrong key and with a malformed header', async (method, path) => {
    const body = method === 'PATCH' ? { display_name: 'x' } : undefined;
    const forged = `sqa_live_${'A'.repeat(43)}`;
    const variants: Record<string, string>[] = [{}, { authorization: `Bearer ${forged}` }, { authorization: 'Basic abc' }, { authorization: 'Bearer' }];
    for (const headers of variants) {
      const r = await call(svc.base, method, path, { body, headers });
      expect(r.status).toBe(401);
      expect(r.json.code).toBe('unauthorized');
      expect(r.json.hint).toMatch(/Bearer/);
    }
  });

  it('refuses a wrong key on endpoints where the key is optional instead of treating the caller as anonymous', async () => {
    const headers = { authorization: `Bearer sqa_live_${'B'.repeat(43)}` };
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { headers })).status).toBe(401);
    expect((await call(svc.base, 'POST', '/audits', { headers, body: { url: 'https://site.example/' } })).status).toBe(401);
  });

  it('isolates tenants: every bearer endpoint answers with the calling workspace only', async () => {
    const a = await grantedWorkspace(svc, 'starter', { owner_email: 'a@site.example' });
    const b = await newWorkspace(svc.base, { owner_email: 'b@site.example' });
    const runA = await call(svc.base, 'POST', '/audits', { key: a.key, body: { url: 'https://a.site.example/' } });
    expect(runA.status).toBe(202);
    await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: a.key, body: { display_name: 'Team A', opt_in_to_overage: true } });

    expect((await call(svc.base, 'GET', '/workspaces/current', { key: b.key })).json).toMatchObject({ workspace_id: b.id, display_name: null, usage: { calls_used: 0 } });
    expect((await call(svc.base, 'GET', '/workspaces/current/usage', { key: b.key })).json).toMatchObject({ calls_used: 0, opt_in_to_overage: false });
    expect((await call(svc.base, 'GET', '/audits', { key: b.key })).json).toEqual({ runs: [] });
    const patched = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: b.key, body: { display_name: 'Team B' } });
    expect(patched.json.display_name).toBe('Team B');
    expect((await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: b.key })).json.code).toBe('webhook_unconfigured');

    const seenByA = await call(svc.base, 'GET', '/workspaces/current', { key: a.key });
    expect(seenByA.json).toMatchObject({ workspace_id: a.id, display_name: 'Team A', opt_in_to_overage: true, usage: { calls_used: 1 } });
    expect((await call(svc.base, 'GET', '/audits', { key: a.key })).json.runs.map((r: any) => r.id)).toEqual([runA.json.run_id]);
  });
});
