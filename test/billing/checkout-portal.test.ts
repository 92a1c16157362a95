// Checkout and the customer portal over real HTTP, with the real `stripe` client talking to the
// loopback stand-in: the form-encoded requests it receives are checked field by field (subscription
// mode, 7-day trial, card always collected, prices by lookup key, one customer reused, the
// Idempotency-Key passed on), and refusals answer {code, hint}: 401, 403, 409, 422, 502, 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutIdempotencyKey } from '../../src/billing/checkout.js';
import { startTestService, type TestService } from '../support/service.js';
import { startStripeStandin, STANDIN_KEY, type StripeStandin } from '../support/stripe-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { startBillingService } from './helpers.js';

describe('checkout and portal', () => {
  let standin: StripeStandin;
  let svc: TestService;
  beforeAll(async () => {
    standin = await startStripeStandin();
    svc = await startBillingService(standin);
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  const checkout = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => call(svc.base, 'POST', '/billing/checkout', { key, body, headers });

  it('opens a subscription-mode session at 29.00 USD with a 7-day trial and the card always collected', async () => {
    const ws = await newWorkspace(svc.base, { owner_email: 'buyer@site.example', display_name: 'Shop' });
    const r = await checkout(ws.key, { workspace_id: ws.id, tier: 'pro' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ checkout_url: `${standin.url}/pay/${r.json.session_id}`, session_id: expect.stringMatching(/^cs_/) });

    const [customer] = standin.calls('POST /v1/customers');
    expect(customer!.params).toEqual({ email: 'buyer@site.example', name: 'Shop', metadata: { workspace_id: ws.id } });
    expect(customer!.idempotencyKey).toBe(`siteqa-customer-${ws.id}`);
    expect(standin.calls('GET /v1/prices')[0]!.params).toMatchObject({ lookup_keys: ['siteqa_pro_monthly', 'siteqa_service_run_starter', 'siteqa_service_run_pro'], active: 'true' });
    const byKey = (k: string) => [...standin.prices.values()].find((p) => p.lookup_key === k)!;
    expect(byKey('siteqa_pro_monthly')).toMatchObject({ currency: 'usd', unit_amount: 2900, recurring: { interval: 'month', usage_type: 'licensed' } });
    for (const meter of ['service_run_starter', 'service_run_pro']) {
      const m = [...standin.meters.values()].find((x) => x.event_name === meter)!;
      expect(m).toMatchObject({ customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' }, value_settings: { event_payload_key: 'value' } });
      expect(byKey(`siteqa_${meter}`)).toMatchObject({ currency: 'usd', unit_amount: 10, recurring: { interval: 'month', usage_type: 'metered', meter: m.id } });
    }

    const [session] = standin.calls('POST /v1/checkout/sessions');
    expect(session!.params).toEqual({
      mode: 'subscription',
      customer: customer && [...standin.customers.keys()][0],
      client_reference_id: ws.id,
      line_items: [{ price: byKey('siteqa_pro_monthly').id, quantity: '1' }, { price: byKey('siteqa_service_run_starter').id }, { price: byKey('siteqa_service_run_pro').id }],
      payment_method_collection: 'always',
      subscription_data: { trial_period_days: '7', metadata: { workspace_id: ws.id, tier: 'pro' } },
      metadata: { workspace_id: ws.id, tier: 'pro' },
      success_url: 'http://127.0.0.1:8080/app?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:8080/app?checkout=cancelled',
    });
    // Asked for, not paid: the workspace keeps the free tier's terms until the provider confirms.
    const current = await call(svc.base, 'GET', '/workspaces/current', { key: ws.key });
    expect(current.json).toMatchObject({ tier: 'free', requested_tier: 'pro', subscription_status: null, paid_capabilities: { paid: false, paused: false }, usage: { calls_included: 50 } });
  });

  it('reuses the customer and the catalogue, takes redirect URLs, and passes the Idempotency-Key on (a replay creates nothing)', async () => {
    const ws = await newWorkspace(svc.base);
    await checkout(ws.key, { workspace_id: ws.id, tier: 'starter' });
    const before = { customers: standin.calls('POST /v1/customers').length, prices: standin.calls('POST /v1/prices').length, sessions: standin.sessions.size };
    const body = { workspace_id: ws.id, tier: 'team', success_url: 'https://shop.example/thanks', cancel_url: 'https://shop.example/pricing' };
    const headers = { 'idempotency-key': 'upgrade-7' };
    const first = await checkout(ws.key, body, headers);
    expect(first.status).toBe(200);
    const sent = standin.calls('POST /v1/checkout/sessions').at(-1)!;
    expect(sent.idempotencyKey).toBe(checkoutIdempotencyKey(ws.id, 'upgrade-7'));
    expect(sent.idempotencyKey).toContain('upgrade-7');
    expect(sent.params).toMatchObject({ customer: standin.calls('POST /v1/checkout/sessions').at(-2)!.params.customer, success_url: 'https://shop.example/thanks', cancel_url: 'https://shop.example/pricing' });
    expect(standin.calls('POST /v1/customers')).toHaveLength(before.customers);
    expect(standin.calls('POST /v1/prices')).toHaveLength(before.prices + 1); // the team plan only; the metered prices exist
    const replay = await checkout(ws.key, body, headers);
    expect([replay.status, replay.json, replay.headers.get('idempotent-replayed')]).toEqual([200, first.json, 'true']);
    expect(standin.sessions.size).toBe(before.sessions + 1);
  });

  it('refuses a missing key (401), another workspace (403), a tier that is not paid (422) and bad fields (422)', async () => {
    const a = await newWorkspace(svc.base);
    const b = await newWorkspace(svc.base);
    const sessions = standin.sessions.size;
    const none = await call(svc.base, 'POST', '/billing/checkout', { body: { workspace_id: a.id, tier: 'pro' } });
    expect([none.status, none.json.code]).toEqual([401, 'unauthorized']);
    const other = await checkout(a.key, { workspace_id: b.id, tier: 'pro' });
    expect([other.status, other.json.code]).toEqual([403, 'forbidden']);
    expect(other.json.hint).toContain(a.id);
    for (const tier of ['free', 'agent_temp', 'platinum']) {
      const r = await checkout(a.key, { workspace_id: a.id, tier });
      expect([r.status, r.json.code], tier).toEqual([422, 'invalid_tier']);
    }
    for (const body of [{ workspace_id: 'nope', tier: 'pro' }, { workspace_id: a.id }, { workspace_id: a.id, tier: 'pro', success_url: 'javascript:alert(1)' }, { workspace_id: a.id, tier: 'pro', coupon: 'FREE' }]) {
      const r = await checkout(a.key, body);
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([422, 'invalid_payload']);
    }
    expect(standin.sessions.size).toBe(sessions);
  });

  it('answers 502 checkout_failed with a hint when the provider fails, records nothing, and works once it is back', async () => {
    const ws = await newWorkspace(svc.base);
    standin.outage = true;
    try {
      const r = await checkout(ws.key, { workspace_id: ws.id, tier: 'starter' }, { 'idempotency-key': 'retry-me' });
      expect([r.status, r.json.code]).toEqual([502, 'checkout_failed']);
      expect(r.json.hint).toMatch(/api_error.*HTTP 500.*retry/);
      expect(JSON.stringify(r.json)).not.toContain(STANDIN_KEY);
    } finally {
      standin.outage = false;
    }
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json).toMatchObject({ requested_tier: null });
    const again = await checkout(ws.key, { workspace_id: ws.id, tier: 'starter' }, { 'idempotency-key': 'retry-me' });
    expect(again.status).toBe(200);
  });

  it('opens the portal only once the workspace has a provider customer (409 before), for its own key only', async () => {
    const ws = await newWorkspace(svc.base);
    const early = await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id } });
    expect([early.status, early.json.code]).toEqual([409, 'no_billing_customer']);
    expect(early.json.hint).toMatch(/billing\/checkout/);
    await checkout(ws.key, { workspace_id: ws.id, tier: 'pro' });
    const customer = standin.calls('POST /v1/checkout/sessions').at(-1)!.params.customer;
    const portal = await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id } });
    expect(portal.status).toBe(200);
    expect(portal.json).toEqual({ portal_url: `${standin.url}/portal/${customer}` });
    expect(standin.calls('POST /v1/billing_portal/sessions').at(-1)!.params).toEqual({ customer, return_url: 'http://127.0.0.1:8080/app' });
    await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id, return_url: 'https://shop.example/account' } });
    expect(standin.calls('POST /v1/billing_portal/sessions').at(-1)!.params.return_url).toBe('https://shop.example/account');
    const other = await newWorkspace(svc.base);
    const forbidden = await call(svc.base, 'POST', '/billing/portal', { key: other.key, body: { workspace_id: ws.id } });
    expect([forbidden.status, forbidden.json.code]).toEqual([403, 'forbidden']);
    standin.outage = true;
    try {
      const down = await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id } });
      expect([down.status, down.json.code]).toEqual([502, 'portal_failed']);
    } finally {
      standin.outage = false;
    }
  });
});

describe('without a payment provider', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false });
  });
  afterAll(() => svc?.stop());

  it('answers 503 billing_unconfigured on checkout, portal and webhook, and everything else works', async () => {
    const ws = await newWorkspace(svc.base, { tier: 'pro' });
    expect(ws.json).toMatchObject({ tier: 'free', requested_tier: 'pro', next_step: expect.stringContaining(`set-tier ${ws.id} pro`) });
    for (const [path, body] of [['/billing/checkout', { workspace_id: ws.id, tier: 'pro' }], ['/billing/portal', { workspace_id: ws.id }]] as const) {
      const r = await call(svc.base, 'POST', path, { key: ws.key, body });
      expect([r.status, r.json.code], path).toEqual([503, 'billing_unconfigured']);
      expect(r.json.hint).toMatch(/set-tier/);
    }
    const hook = await fetch(`${svc.base}/api/v1/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body: '{"id":"evt_1"}' });
    expect([hook.status, (await hook.json()).code]).toEqual([503, 'billing_unconfigured']);
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).status).toBe(200);
    expect((await fetch(`${svc.base}/api/v1/healthz`)).status).toBe(200);
  });
});
