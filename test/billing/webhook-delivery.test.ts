// The payment provider's webhook over real HTTP on SQLite and Postgres, events signed exactly as the
// provider signs them: refusals (bad signature, wrong secret, stale timestamp, no header, a changed
// body, no event id), the exact bytes read whatever the content type, replays and concurrent
// duplicates (processed once), the provider unreachable during processing, and unknown customers.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { providerEvent, signatureHeader } from '../support/stripe-form.js';
import { startStripeStandin, type StripeStandin } from '../support/stripe-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { deliver, startBillingService, subscribedWorkspace, WHSEC } from './helpers.js';

describe.each(testDatabases())('billing webhook deliveries on $name', (database) => {
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

  it('records events about subscriptions it does not know (another customer) without touching any workspace', async () => {
    const foreign = { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_elsewhere', status: 'active', metadata: {}, items: { object: 'list', data: [] } };
    standin.subscriptions.set(foreign.id, foreign);
    const r = await deliver(svc, subEvent('customer.subscription.updated', foreign));
    expect([r.status, r.json.outcome]).toEqual([200, 'no workspace for customer cus_elsewhere']);
    const missing = await deliver(svc, invoiceEvent('invoice.paid', 'sub_never_existed'));
    expect([missing.status, missing.json.outcome]).toEqual([200, 'subscription sub_never_existed not found at the provider']);
  });
});
