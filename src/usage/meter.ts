// Metering a workspace's calls and metered work: units are counted against the period's included
// calls in one atomic step (hard cap: 402 quota_exceeded with the next billing step, lifted only by
// opt_in_to_overage on a paid tier with a card), given back when the work is then refused, and
// followed by the 80 % / 100 % webhook events, each once per period. Metered work (model calls of
// flows, chaos-run units) also notes its units past the plan, which its meter event then bills.
import { paidCapabilitiesOf } from '../billing/entitlements.js';
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { ServiceError } from '../service-error.js';
import { periodAt } from './period.js';
import { effectiveTier, termsOf } from './tiers.js';
import { usageBody, workspaceUsage } from './usage.js';
import { emitUsageEvent, type UsageEventType } from './webhook.js';

function nextStep(ws: WorkspaceRow): string {
  const caps = paidCapabilitiesOf(ws);
  if (caps.paused) return `Overage is unavailable while ${caps.reason}: fix the payment in the portal (POST /api/v1/billing/portal).`;
  if (!caps.paid) {
    return 'Upgrade to a paid tier (POST /api/v1/billing/checkout with tier starter, pro or team; self-hosted: `siteqa admin workspace set-tier`), then opt in to overage if you need more.';
  }
  return 'Opt in to overage with PATCH /api/v1/workspaces/current/usage {"opt_in_to_overage": true} (0.10 USD per metered run past the plan), or move to a larger tier.';
}

function capped(ws: WorkspaceRow, tier: string, included: number, periodEnd: Date, units: number): ServiceError {
  const asked = units === 1 ? '' : ` (this needs ${units} units)`;
  return new ServiceError('quota_exceeded', `This workspace has used its ${included} calls the ${tier} tier includes until ${periodEnd.toISOString()} (hard cap)${asked}. ${nextStep(ws)}`);
}

/**
 * For work that uses no units but must not start past the hard cap (a replay of a confirmed flow):
 * the same rule as admission — refused with quota_exceeded once the plan is used up, unless overage
 * is allowed — without counting anything.
 */
export async function refuseAtHardCap(rt: Runtime, ws: WorkspaceRow): Promise<void> {
  const now = rt.clock.now();
  if (ws.opt_in_to_overage && paidCapabilitiesOf(ws).paid) return;
  const tier = effectiveTier(ws, now);
  const included = termsOf(tier).callsIncluded;
  const period = periodAt(new Date(ws.created_at), now);
  const used = await rt.store.usage.used(ws.id, period.start);
  if (used >= included) throw capped(ws, tier, included, period.end, 1);
}

/** Claims the period's alert first (one statement; false on every later call), then builds the event. */
async function emitOnce(rt: Runtime, ws: WorkspaceRow, periodStart: Date, type: UsageEventType) {
  if (!ws.usage_webhook_url || !ws.usage_webhook_secret) return;
  if (!(await rt.store.usage.claimAlert(ws.id, periodStart, type, rt.clock.now()))) return;
  await emitUsageEvent(rt, ws, type, usageBody(await workspaceUsage(rt, ws)));
}

export interface Admission {
  workspaceId: string;
  periodStart: Date;
  units: number;
  /** Units past the plan's included amount (only with overage opted in on a paid tier). */
  overageUnits: number;
  /** Gives the units back (the work was refused after admission). Idempotent. */
  release(): Promise<void>;
}

/** Counts `units` atomically against the cap; `billable` notes the overage part for meter events. */
async function admitUnits(rt: Runtime, ws: WorkspaceRow, units: number, billable: boolean): Promise<{ admission: Admission; share: number }> {
  const now = rt.clock.now();
  const tier = effectiveTier(ws, now);
  const included = termsOf(tier).callsIncluded;
  const period = periodAt(new Date(ws.created_at), now);
  const overage = ws.opt_in_to_overage && paidCapabilitiesOf(ws).paid;
  const counted = await rt.store.transaction(async (tx) => {
    const used = await rt.store.usage.consume(ws.id, period.start, overage ? null : included, units, tx);
    if (used === null) return null;
    const overageUnits = billable ? Math.min(units, Math.max(0, used - included)) : 0;
    await rt.store.usage.addOverage(ws.id, period.start, overageUnits, tx);
    return { used, overageUnits };
  });
  if (counted === null) {
    await emitOnce(rt, ws, period.start, 'usage.capped');
    throw capped(ws, tier, included, period.end, units);
  }
  let released = false;
  const admission: Admission = {
    workspaceId: ws.id, periodStart: period.start, units, overageUnits: counted.overageUnits,
    async release() {
      if (released) return;
      released = true;
      await rt.store.transaction(async (tx) => {
        await rt.store.usage.release(ws.id, period.start, units, tx);
        await rt.store.usage.addOverage(ws.id, period.start, -counted.overageUnits, tx);
      });
    },
  };
  return { admission, share: included === 0 ? 1 : counted.used / included };
}

/** The 80 % and 100 % events; a failure is logged, never turned into an error the caller would retry. */
async function alertCrossings(rt: Runtime, ws: WorkspaceRow, admission: Admission, share: number): Promise<void> {
  try {
    if (share >= 0.8) await emitOnce(rt, ws, admission.periodStart, 'usage.threshold_80');
    if (share >= 1) await emitOnce(rt, ws, admission.periodStart, 'usage.quota_reached');
  } catch (err) {
    rt.log.error({ err, workspace_id: ws.id }, 'usage alert could not be queued');
  }
}

/**
 * Runs `work` as one metered call of the workspace (an audit started with its key): counted first
 * (refused with quota_exceeded at the cap unless overage is allowed), given back if `work` throws.
 * Calls are not billed by a meter event: only model-driven work is (admitMeteredWork).
 */
export async function meteredCall<T>(rt: Runtime, ws: WorkspaceRow, work: () => Promise<T>): Promise<T> {
  const { admission, share } = await admitUnits(rt, ws, 1, false);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await admission.release();
    throw err;
  }
  await alertCrossings(rt, ws, admission, share);
  return result;
}

/**
 * Admits `units` of metered work (a flow run or draft compile that calls a model: 1; a chaos run:
 * its units) under the hard cap: 402 quota_exceeded unless they fit the plan or the workspace opted
 * in to overage on a paid tier with a card. Call `release()` if the work is then refused, and
 * recordMeterEvent (src/billing/meter-events.ts) once it ran: the overage units are billed there.
 */
export async function admitMeteredWork(rt: Runtime, ws: WorkspaceRow, units: number): Promise<Admission> {
  if (!Number.isInteger(units) || units < 1) throw new RangeError(`metered units must be a positive integer, got ${units}`);
  const { admission, share } = await admitUnits(rt, ws, units, true);
  await alertCrossings(rt, ws, admission, share);
  return admission;
}
