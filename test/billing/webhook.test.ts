// The payment provider's webhook over real HTTP on SQLite and Postgres, events signed exactly as
// the provider signs them: refusals (bad signature, wrong secret, stale timestamp, no header, no
// event id), replays, out-of-order deliveries (the fetched subscription decides), and a workspace's
// whole life: pending tier → trial → active → past_due → active → canceled, with its billing pause.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { providerEvent, signatureHeader } from '../support/stripe-form.js';
import { startStripeStandin, type StripeStandin } from '../support/stripe-standin.js';
import { setTier } from '../../src/workspaces/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { deliver, startBillingService, subscribedWorkspace, WHSEC } from './helpers.js';

describe.each(testDatabases())('billing webhook on $name', (database) => {
  let standin: StripeStandin;
  let svc: TestService;
  beforeAll(async () => {
    standin = await startStripeStandin();
    svc = await startBillingService(standin, { store: await database.open() });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  const current = async (key: string) => (await call(svc.base, 'GET', '/workspaces/current', { key })).json;
  const eventCount = async () => (await svc.rt.store.billingEvents.list(1000)).length;
  const subEvent = (type: string, sub: Record<string, unknown>) => providerEvent(type, sub);
  const invoiceEvent = (type: string, subscriptionId: string) =>
    providerEvent(type, { id: `in_${subscriptionId}_${Math.random()}`, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } });

  it('keeps a paid tier asked for at creation pending until checkout completes, then grants it with the trial at once', async () => {
    const ws = await newWorkspace(svc.base, { tier: 'pro' });
    expect(ws.json).toMatchObject({ tier: 'free', requested_tier: 'pro', paid_capabilities: { paid: false }, usage: { calls_included: 50 } });
    expect(ws.json.next_step).toMatch(new RegExp(`POST /api/v1/billing/checkout .*${ws.id}.*"pro"`));
    const optIn = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } });
    expect([optIn.status, optIn.json.code]).toEqual([402, 'tier_required']);

    const started = await call(svc.base, 'POST', '/billing/checkout', { key: ws.key, body: { workspace_id: ws.id, tier: 'pro' } });
    const { session, subscription } = standin.completeCheckout(started.json.session_id);
    const r = await deliver(svc, providerEvent('checkout.session.completed', session));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ received: true, type: 'checkout.session.completed', duplicate: false, outcome: expect.stringContaining('trialing') });
    const after = await current(ws.key);
    expect(after).toMatchObject({ tier: 'pro', requested_tier: null, subscription_status: 'trialing', paid_capabilities: { paid: true, paused: false, reason: null }, usage: { calls_included: 2000, monitor_paused_at: null } });
    expect(Date.parse(after.trial_ends_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(standin.calls(`GET /v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect((await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } })).status).toBe(200);
    const again = await call(svc.base, 'POST', '/billing/checkout', { key: ws.key, body: { workspace_id: ws.id, tier: 'team' } });
    expect([again.status, again.json.code]).toEqual([409, 'already_subscribed']);
    expect(again.json.hint).toMatch(/billing\/portal/);
  });

  it('refuses bad signatures, other secrets, stale timestamps, a missing header (400 bad_signature) and events without an id (400 missing_event_id), recording nothing', async () => {
    const event = providerEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const payload = JSON.stringify(event);
    const before = await eventCount();
    const refusals = [
      await deliver(svc, event, { header: signatureHeader(payload, WHSEC, Math.floor(Date.now() / 1000)).replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) }),
      await deliver(svc, event, { secret: 'whsec_someone_else' }),
      await deliver(svc, event, { ageSec: 301 }),
      await deliver(svc, event, { header: null }),
      await deliver(svc, event, { header: 'garbage' }),
      // The body changed after signing: the signature covers the exact bytes.
      await deliver(svc, event, { header: signatureHeader(payload, WHSEC, Math.floor(Date.now() / 1000)), raw: `${payload} ` }),
    ];
    for (const r of refusals) expect([r.status, r.json.code]).toEqual([400, 'bad_signature']);
    expect(refusals[2]!.json.hint).toMatch(/tolerance|300 s/);
    const { id: _id, ...withoutId } = event;
    const noId = await deliver(svc, withoutId);
    expect([noId.status, noId.json.code]).toEqual([400, 'missing_event_id']);
    const notJson = await deliver(svc, null, { raw: 'not json' });
    expect([notJson.status, notJson.json.code]).toEqual([400, 'missing_event_id']);
    expect(await eventCount()).toBe(before);
    // Signed by the provider's own library (the header a real delivery carries): accepted and recorded, not handled.
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    const ok = await deliver(svc, event, { header });
    expect([ok.status, ok.json.outcome]).toEqual([200, 'not handled']);
    expect(await eventCount()).toBe(before + 1);
  });

  it('verifies the exact bytes whatever the content type says, and keeps other routes on JSON', async () => {
    const event = providerEvent('customer.created', { id: 'cus_bytes', object: 'customer', name: 'Zoë ✓' });
    for (const contentType of ['text/plain', 'application/octet-stream', null]) {
      const r = await deliver(svc, { ...event, id: `${event.id}_${contentType}` }, { contentType });
      expect([r.status, r.json.outcome], String(contentType)).toEqual([200, 'not handled']);
    }
    // The raw-body parser is scoped to the webhook: elsewhere a text body is still refused.
    const ws = await newWorkspace(svc.base);
    const text = await fetch(`${svc.base}/api/v1/billing/portal`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'text/plain' }, body: 'x' });
    expect([text.status, (await text.json()).code]).toEqual([415, 'unsupported_media_type']);
  });

  it('takes trial → active → past_due → active → canceled, pausing and resuming paid capabilities on the way', async () => {
    const ws = await subscribedWorkspace(svc, standin, 'starter');
    const usage = async () => (await current(ws.key)).usage;

    expect((await deliver(svc, subEvent('customer.subscription.updated', standin.setStatus(ws.subscriptionId, 'active')))).status).toBe(200);
    expect(await current(ws.key)).toMatchObject({ tier: 'starter', subscription_status: 'active', paid_capabilities: { paid: true }, usage: { monitor_paused_at: null } });

    standin.setStatus(ws.subscriptionId, 'past_due');
    await deliver(svc, invoiceEvent('invoice.payment_failed', ws.subscriptionId));
    const paused = await current(ws.key);
    expect(paused).toMatchObject({ tier: 'starter', subscription_status: 'past_due', paid_capabilities: { paid: false, paused: true } });
    const pausedAt = paused.usage.monitor_paused_at;
    expect(Date.parse(pausedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A second failed invoice keeps the first pause time.
    await new Promise((r) => setTimeout(r, 5));
    await deliver(svc, invoiceEvent('invoice.payment_failed', ws.subscriptionId));
    expect((await usage()).monitor_paused_at).toBe(pausedAt);
    const blocked = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } });
    expect([blocked.status, blocked.json.code]).toEqual([402, 'payment_required']);
    expect(blocked.json.hint).toMatch(/past_due.*billing\/portal/);

    standin.setStatus(ws.subscriptionId, 'active');
    await deliver(svc, invoiceEvent('invoice.paid', ws.subscriptionId));
    expect(await current(ws.key)).toMatchObject({ subscription_status: 'active', paid_capabilities: { paid: true, paused: false }, usage: { monitor_paused_at: null } });
    expect((await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { opt_in_to_overage: true } })).status).toBe(200);

    await deliver(svc, subEvent('customer.subscription.deleted', standin.setStatus(ws.subscriptionId, 'canceled')));
    const ended = await current(ws.key);
    expect(ended).toMatchObject({ tier: 'free', subscription_status: 'canceled', opt_in_to_overage: false, paid_capabilities: { paid: false, paused: false }, usage: { calls_included: 50, opt_in_to_overage: false } });
    expect(ended.usage.monitor_paused_at).not.toBeNull();
  });

  it('answers a replayed event id with 200 duplicate and changes nothing, even when the provider has moved on', async () => {
    const ws = await subscribedWorkspace(svc, standin);
    standin.setStatus(ws.subscriptionId, 'past_due');
    const failed = invoiceEvent('invoice.payment_failed', ws.subscriptionId);
    expect((await deliver(svc, failed)).json.duplicate).toBe(false);
    standin.setStatus(ws.subscriptionId, 'active');
    const fetches = standin.calls(`GET /v1/subscriptions/${ws.subscriptionId}`).length;
    const replay = await deliver(svc, failed);
    expect([replay.status, replay.json.duplicate, replay.json.event_id]).toEqual([200, true, failed.id]);
    expect(standin.calls(`GET /v1/subscriptions/${ws.subscriptionId}`)).toHaveLength(fetches); // not even looked at
    expect(await current(ws.key)).toMatchObject({ subscription_status: 'past_due', paid_capabilities: { paused: true } });
    // Concurrent duplicates of one new event: one is processed, the others are duplicates.
    const paid = invoiceEvent('invoice.paid', ws.subscriptionId);
    const racing = await Promise.all([deliver(svc, paid), deliver(svc, paid), deliver(svc, paid)]);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(racing.filter((r) => !r.json.duplicate)).toHaveLength(1);
    expect((await svc.rt.store.billingEvents.list(1000)).filter((e) => e.event_id === paid.id)).toHaveLength(1);
    expect(await current(ws.key)).toMatchObject({ subscription_status: 'active', usage: { monitor_paused_at: null } });
  });

  it('lets the current subscription decide when events arrive out of order', async () => {
    const ws = await subscribedWorkspace(svc, standin);
    const olderUpdate = subEvent('customer.subscription.updated', standin.setStatus(ws.subscriptionId, 'active'));
    const deletion = subEvent('customer.subscription.deleted', standin.setStatus(ws.subscriptionId, 'canceled'));
    await deliver(svc, deletion);
    const late = await deliver(svc, olderUpdate); // its snapshot says active; the provider says canceled
    expect([late.status, late.json.duplicate, late.json.outcome]).toEqual([200, false, expect.stringContaining('canceled')]);
    expect(await current(ws.key)).toMatchObject({ tier: 'free', subscription_status: 'canceled', paid_capabilities: { paid: false } });

    // Resubscribing: no second trial, and the old subscription's late news cannot undo the new one.
    const checkout = await call(svc.base, 'POST', '/billing/checkout', { key: ws.key, body: { workspace_id: ws.id, tier: 'team' } });
    expect(standin.calls('POST /v1/checkout/sessions').at(-1)!.params.subscription_data).toEqual({ metadata: { workspace_id: ws.id, tier: 'team' } });
    const renewed = standin.completeCheckout(checkout.json.session_id, 'active');
    // The subscription's own event comes before the checkout's completion.
    await deliver(svc, subEvent('customer.subscription.created', renewed.subscription));
    expect(await current(ws.key)).toMatchObject({ tier: 'team', subscription_status: 'active', paid_capabilities: { paid: true }, usage: { monitor_paused_at: null } });
    const stale = await deliver(svc, subEvent('customer.subscription.updated', standin.subscriptions.get(ws.subscriptionId)!));
    expect([stale.status, stale.json.outcome]).toEqual([200, expect.stringMatching(/^ignored: .* is canceled/)]);
    await deliver(svc, providerEvent('checkout.session.completed', renewed.session));
    expect(await current(ws.key)).toMatchObject({ tier: 'team', subscription_status: 'active' });
  });

  it('answers 502 provider_unavailable when the subscription cannot be fetched, records nothing, and applies the redelivery', async () => {
    const ws = await subscribedWorkspace(svc, standin);
    const update = subEvent('customer.subscription.updated', standin.setStatus(ws.subscriptionId, 'unpaid'));
    standin.outage = true;
    try {
      const r = await deliver(svc, update);
      expect([r.status, r.json.code]).toEqual([502, 'provider_unavailable']);
    } finally {
      standin.outage = false;
    }
    expect(await svc.rt.store.billingEvents.get(update.id as string)).toBeUndefined();
    expect((await current(ws.key)).subscription_status).toBe('trialing');
    expect((await deliver(svc, update)).json.duplicate).toBe(false);
    expect(await current(ws.key)).toMatchObject({ subscription_status: 'unpaid', paid_capabilities: { paused: true } });
  });

  it("lets an operator's grant override billing: set-tier lifts a billing pause, and taking a paid tier away pauses monitors", async () => {
    const ws = await subscribedWorkspace(svc, standin);
    standin.setStatus(ws.subscriptionId, 'past_due');
    await deliver(svc, invoiceEvent('invoice.payment_failed', ws.subscriptionId));
    expect((await current(ws.key)).paid_capabilities.paused).toBe(true);
    await setTier(svc.rt, ws.id, 'team');
    expect(await current(ws.key)).toMatchObject({ tier: 'team', paid_capabilities: { paid: true, paused: false }, usage: { monitor_paused_at: null } });
    // A later cancellation at the provider leaves the operator's grant in place.
    await deliver(svc, subEvent('customer.subscription.deleted', standin.setStatus(ws.subscriptionId, 'canceled')));
    expect(await current(ws.key)).toMatchObject({ tier: 'team', subscription_status: 'canceled', paid_capabilities: { paid: true } });
    await setTier(svc.rt, ws.id, 'free');
    const revoked = await current(ws.key);
    expect(revoked).toMatchObject({ tier: 'free', paid_capabilities: { paid: false } });
    expect(revoked.usage.monitor_paused_at).not.toBeNull();
  });

  it('records events about subscriptions it does not know (another customer) without touching any workspace', async () => {
    const foreign = { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_elsewhere', status: 'active', metadata: {}, items: { object: 'list', data: [] } };
    standin.subscriptions.set(foreign.id, foreign);
    const r = await deliver(svc, subEvent('customer.subscription.updated', foreign));
    expect([r.status, r.json.outcome]).toEqual([200, 'no workspace for customer cus_elsewhere']);
    const missing = await deliver(svc, invoiceEvent('invoice.paid', 'sub_never_existed'));
    expect([missing.status, missing.json.outcome]).toEqual([200, 'subscription sub_never_existed not found at the provider']);
  });
});
