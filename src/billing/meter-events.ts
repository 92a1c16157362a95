// Meter events: each metered piece of work (a flow run or draft compile that called a model:
// service_run_starter; a chaos run: service_run_pro with its units) is recorded once under its
// identifier, with the units past the plan that admission noted. Only those are billed: a durable
// job sends them with the official client's billing meter events API, retried with backoff while
// the provider is down, and the identifier plus an idempotency key keep a retry from billing twice.
import { MAX_ATTEMPTS, type JobHandler } from '../jobs/loop.js';
import type { Runtime, LoggedWriteDeps } from '../runtime.js';
import type { MeterEventRow, StoreTx } from '../store/index.js';
import { periodAt } from '../usage/period.js';
import { METERS, type MeterName } from './prices.js';
import { billingConfigured, describeProviderError, stripeFor } from './stripe-client.js';

export { admitMeteredWork, type Admission } from '../usage/meter.js';
export type { MeterName } from './prices.js';

export const METER_EVENT_JOB = 'billing.meter_event';

export interface MeterEventInput {
  workspaceId: string;
  meter: MeterName;
  /** The work's metered units (1 per model call of a flow; a chaos run's units). */
  units: number;
  /** Unique per piece of work, e.g. `flow-run:<run_id>`; at most 100 characters (the provider's limit). */
  identifier: string;
}

/**
 * Records a meter event once per identifier (a second call returns the first row and changes
 * nothing) and, when part of it is billable, schedules its delivery. States: `included` (within the
 * plan, never sent), `not_billed` (overage without a provider customer, or billing not configured:
 * self-hosted), `pending` → `sent` (or `failed` after the job loop's last attempt). Pass `tx` to
 * record it with the work's own writes.
 */
export async function recordMeterEvent(rt: LoggedWriteDeps & Pick<Runtime, 'config'>, input: MeterEventInput, tx?: StoreTx): Promise<MeterEventRow> {
  const { workspaceId, meter, units, identifier } = input;
  if (!(METERS as readonly string[]).includes(meter)) throw new RangeError(`unknown meter ${JSON.stringify(meter)}`);
  if (!Number.isInteger(units) || units < 1) throw new RangeError(`meter event units must be a positive integer, got ${units}`);
  if (!identifier || identifier.length > 100) throw new RangeError('a meter event identifier has 1 to 100 characters');
  const work = async (t: StoreTx): Promise<MeterEventRow> => {
    const existing = await rt.store.meterEvents.get(identifier, t);
    if (existing) return existing;
    const ws = await rt.store.workspaces.get(workspaceId, t);
    if (!ws) throw new RangeError(`no workspace ${workspaceId}`);
    const now = rt.clock.now();
    // The row first: a concurrent duplicate loses here, before it could take any overage units.
    const inserted = await rt.store.meterEvents.create({ identifier, workspace_id: ws.id, meter, units, billable_units: 0, state: 'included', customer_id: ws.billing_customer_id, now }, t);
    if (!inserted) return (await rt.store.meterEvents.get(identifier, t))!;
    const billable = await rt.store.usage.takeOverage(ws.id, periodAt(new Date(ws.created_at), now).start, units, t);
    if (billable > 0) {
      const billed = ws.billing_customer_id !== null && billingConfigured(rt.config);
      await rt.store.meterEvents.update(identifier, { billable_units: billable, state: billed ? 'pending' : 'not_billed' }, t);
      if (billed) await rt.store.jobs.schedule({ id: `meter:${identifier}`, kind: METER_EVENT_JOB, payload: { identifier }, runAt: now, now }, t);
    }
    return (await rt.store.meterEvents.get(identifier, t))!;
  };
  const row = tx ? await work(tx) : await rt.store.transaction(work);
  rt.log.info({ workspace_id: workspaceId, meter, identifier, units, billable_units: row.billable_units, state: row.state }, 'meter event recorded');
  return row;
}

/** Job handler: one delivery attempt. A failure throws, so the job loop retries it with backoff. */
export const deliverMeterEvent: JobHandler = async (rt, job) => {
  const identifier = String(job.payload.identifier);
  const row = await rt.store.meterEvents.get(identifier);
  if (!row || row.state !== 'pending' || !row.customer_id) return;
  const attempts = row.attempts + 1;
  try {
    await stripeFor(rt).billing.meterEvents.create({
      event_name: row.meter,
      payload: { stripe_customer_id: row.customer_id, value: String(row.billable_units) },
      identifier: row.identifier,
      timestamp: Math.floor(Date.parse(row.created_at) / 1000),
    }, { idempotencyKey: `siteqa-meter-event-${row.identifier}` });
  } catch (err) {
    const error = describeProviderError(err);
    const state = job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    await rt.store.meterEvents.record(identifier, { state, attempts, error, now: rt.clock.now() });
    throw new Error(`meter event ${identifier} not delivered: ${error}`);
  }
  await rt.store.meterEvents.record(identifier, { state: 'sent', attempts, error: null, now: rt.clock.now() });
};
