// A workspace's life with the payment provider over real HTTP on SQLite and Postgres, driven by
// signed webhook events: a paid tier pending until checkout, then trial → active → past_due → active
// → canceled with the billing pause set and cleared, out-of-order deliveries (the fetched
// subscription decides), one trial per workspace, and an operator's grant overriding billing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { providerEvent } from '../support/stripe-form.js';
import { startStripeStandin, type StripeStandin } from '../support/stripe-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { deliver, startBillingService, subscribedWorkspace } from './helpers.js';

describe.each(testDatabases())('subscription lifecycle on $name', (database) => {
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

});
