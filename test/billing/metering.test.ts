// Metering on SQLite and Postgres: the hard cap on metered work (402 quota_exceeded unless opted in
// on a paid tier with a card), meter events recorded once per identifier with only the units past
// the plan billed, delivered by the job loop through the real client to the stand-in, and billed
// exactly once through a provider outage and a lost response. Without a customer: not_billed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitMeteredWork, METER_EVENT_JOB, recordMeterEvent } from '../../src/billing/meter-events.js';
import { tick } from '../../src/jobs/loop.js';
import { ServiceError } from '../../src/service-error.js';
import type { WorkspaceRow } from '../../src/store/index.js';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { startStripeStandin, type StripeStandin } from '../support/stripe-standin.js';
import { call, grantedWorkspace, MovableClock, newWorkspace } from '../workspaces/helpers.js';
import { startBillingService, subscribedWorkspace } from './helpers.js';

describe.each(testDatabases())('metering on $name', (database) => {
  let standin: StripeStandin;
  let svc: TestService;
  const clock = new MovableClock(new Date());
  beforeAll(async () => {
    standin = await startStripeStandin();
    svc = await startBillingService(standin, { store: await database.open(), env: { QA_URL_ALLOWLIST: '127.0.0.1:9' } });
    svc.rt.clock = clock;
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  const row = async (id: string) => (await svc.rt.store.workspaces.get(id)) as WorkspaceRow;
  const used = async (key: string) => (await call(svc.base, 'GET', '/workspaces/current/usage', { key })).json.calls_used as number;
  /** Counts `n` units in the workspace's current period, as earlier work would have. */
  const fill = async (id: string, n: number) => {
    const ws = await row(id);
    await svc.rt.store.usage.consume(id, new Date(ws.created_at), null, n);
  };
  const refusal = (p: Promise<unknown>) => p.then(() => null, (err: ServiceError) => err);
  const optIn = (key: string) => call(svc.base, 'PATCH', '/workspaces/current/usage', { key, body: { opt_in_to_overage: true } });

  it('admits metered work whole or not at all under the hard cap, and past it only with overage on a paid tier with a card', async () => {
    const free = await newWorkspace(svc.base, { tier: 'pro' }); // requested, not paid
    await fill(free.id, 48);
    const capped = await refusal(admitMeteredWork(svc.rt, await row(free.id), 3));
    expect([capped?.code, capped?.hint]).toEqual(['quota_exceeded', expect.stringMatching(/3 units.*billing\/checkout/)]);
    expect(await used(free.key)).toBe(48);
    expect((await admitMeteredWork(svc.rt, await row(free.id), 2)).overageUnits).toBe(0);
    expect(await used(free.key)).toBe(50);

    const paid = await subscribedWorkspace(svc, standin, 'starter');
    await fill(paid.id, 498);
    expect((await refusal(admitMeteredWork(svc.rt, await row(paid.id), 5)))?.hint).toMatch(/opt_in_to_overage/);
    expect((await optIn(paid.key)).status).toBe(200);
    const admitted = await admitMeteredWork(svc.rt, await row(paid.id), 5);
    expect([admitted.units, admitted.overageUnits]).toEqual([5, 3]);
    // Work refused after admission gives its units back.
    await admitted.release();
    await admitted.release();
    expect(await used(paid.key)).toBe(498);

    // Billing paused: the opt-in stays stored but no longer lifts the cap.
    await svc.rt.store.workspaceBilling.update(paid.id, { billing_subscription_status: 'past_due' }, clock.now());
    const paused = await refusal(admitMeteredWork(svc.rt, await row(paid.id), 5));
    expect([paused?.code, paused?.hint]).toEqual(['quota_exceeded', expect.stringMatching(/past_due.*billing\/portal/)]);
  });

  it('bills only the units past the plan, once per identifier, through the job loop and the real client', async () => {
    const ws = await subscribedWorkspace(svc, standin, 'pro');
    await optIn(ws.key);
    await fill(ws.id, 1999);
    const within = await admitMeteredWork(svc.rt, await row(ws.id), 1);
    const included = await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_starter', units: 1, identifier: `flow-run:${ws.id}:1` });
    expect([within.overageUnits, included.state, included.billable_units]).toEqual([0, 'included', 0]);
    await admitMeteredWork(svc.rt, await row(ws.id), 4);
    const chaos = await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_pro', units: 4, identifier: `chaos-run:${ws.id}:1` });
    expect([chaos.state, chaos.units, chaos.billable_units]).toEqual(['pending', 4, 4]);
    const again = await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_pro', units: 4, identifier: `chaos-run:${ws.id}:1` });
    expect(again).toEqual(chaos);
    expect((await svc.rt.store.jobs.list({ kind: METER_EVENT_JOB })).filter((j) => j.payload.identifier === chaos.identifier)).toHaveLength(1);

    await tick(svc.rt, JOB_HANDLERS);
    await tick(svc.rt, JOB_HANDLERS);
    const customer = (await row(ws.id)).billing_customer_id;
    expect(standin.meterEvents.filter((e) => e.identifier === chaos.identifier)).toEqual([
      expect.objectContaining({ event_name: 'service_run_pro', identifier: chaos.identifier, payload: { stripe_customer_id: customer, value: '4' }, timestamp: Math.floor(Date.parse(chaos.created_at) / 1000) }),
    ]);
    expect(standin.meterEventCount(included.identifier)).toBe(0);
    expect(await svc.rt.store.meterEvents.get(chaos.identifier)).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
  });

  it('bills exactly the units past the plan when work races at its edge, and duplicates of an identifier add nothing', async () => {
    const ws = await subscribedWorkspace(svc, standin, 'pro');
    await optIn(ws.key);
    await fill(ws.id, 1995);
    const admissions = await Promise.all(Array.from({ length: 10 }, () => row(ws.id).then((r) => admitMeteredWork(svc.rt, r, 1))));
    expect(admissions.reduce((n, a) => n + a.overageUnits, 0)).toBe(5);
    const ids = Array.from({ length: 10 }, (_, i) => `flow-run:${ws.id}:race-${i}`);
    const recorded = await Promise.all([...ids, ...ids].map((identifier) => recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_starter', units: 1, identifier })));
    const rows = await svc.rt.store.meterEvents.list(ws.id);
    expect(rows).toHaveLength(10);
    expect(rows.reduce((n, r) => n + r.billable_units, 0)).toBe(5);
    expect(rows.filter((r) => r.state === 'pending')).toHaveLength(5);
    for (const r of recorded) expect(r).toEqual(rows.find((x) => x.identifier === r.identifier));
  });

  it('keeps a meter event through a provider outage, retries it with backoff, and bills it exactly once', async () => {
    const ws = await subscribedWorkspace(svc, standin, 'starter');
    await optIn(ws.key);
    await fill(ws.id, 500);
    await admitMeteredWork(svc.rt, await row(ws.id), 1);
    standin.outage = true;
    const identifier = `flow-run:${ws.id}:outage`;
    try {
      await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_starter', units: 1, identifier });
      await tick(svc.rt, JOB_HANDLERS);
    } finally {
      standin.outage = false;
    }
    expect(await svc.rt.store.meterEvents.get(identifier)).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringMatching(/api_error.*HTTP 500/) });
    expect(standin.meterEventCount(identifier)).toBe(0);
    await tick(svc.rt, JOB_HANDLERS); // the backoff has not passed
    expect(standin.meterEventCount(identifier)).toBe(0);
    clock.advance(31_000);
    await tick(svc.rt, JOB_HANDLERS);
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.meterEventCount(identifier)).toBe(1);
    expect(await svc.rt.store.meterEvents.get(identifier)).toMatchObject({ state: 'sent', attempts: 2, billable_units: 1 });
  });

  it('bills once when the provider recorded the event but its answer was lost (the retry is answered from the idempotency key)', async () => {
    const ws = await subscribedWorkspace(svc, standin, 'team');
    await optIn(ws.key);
    await fill(ws.id, 10_000);
    await admitMeteredWork(svc.rt, await row(ws.id), 2);
    const identifier = `chaos-run:${ws.id}:lost`;
    standin.loseResponsesOf = 'POST /v1/billing/meter_events';
    try {
      await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_pro', units: 2, identifier });
      await tick(svc.rt, JOB_HANDLERS);
    } finally {
      standin.loseResponsesOf = null;
    }
    expect(standin.meterEventCount(identifier)).toBe(1); // it did arrive
    expect((await svc.rt.store.meterEvents.get(identifier))?.state).toBe('pending');
    clock.advance(31_000);
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.meterEventCount(identifier)).toBe(1);
    expect((await svc.rt.store.meterEvents.get(identifier))?.state).toBe('sent');
  });

  it('records overage of workspaces without a provider customer (operator grants) as not_billed and sends nothing', async () => {
    const ws = await grantedWorkspace(svc, 'pro');
    await optIn(ws.key);
    await fill(ws.id, 2000);
    await admitMeteredWork(svc.rt, await row(ws.id), 3);
    const e = await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_pro', units: 3, identifier: `chaos-run:${ws.id}:self-hosted` });
    expect([e.state, e.billable_units, e.customer_id]).toEqual(['not_billed', 3, null]);
    expect((await svc.rt.store.jobs.list({ kind: METER_EVENT_JOB })).some((j) => j.payload.identifier === e.identifier)).toBe(false);
  });

  it('reports crossings of metered work to the usage webhook, once per threshold and period', async () => {
    const ws = await grantedWorkspace(svc, 'starter');
    const set = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: 'http://127.0.0.1:9/usage', usage_webhook_secret: 'whsec_usage_0123456789' } });
    expect(set.status).toBe(200);
    await fill(ws.id, 395);
    await admitMeteredWork(svc.rt, await row(ws.id), 10); // 405 of 500: past 80 %
    await admitMeteredWork(svc.rt, await row(ws.id), 10);
    await admitMeteredWork(svc.rt, await row(ws.id), 85); // 500 of 500
    expect(await refusal(admitMeteredWork(svc.rt, await row(ws.id), 1))).toBeInstanceOf(ServiceError);
    const events = (await svc.rt.store.webhookDeliveries.list(ws.id, 50)).map((d) => d.event).sort();
    expect(events).toEqual(['usage.capped', 'usage.quota_reached', 'usage.threshold_80']);
  });
});
