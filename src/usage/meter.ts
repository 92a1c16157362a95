// Metering a workspace's calls: each metered call is counted against the period's included calls
// in one atomic step (hard cap: 402 quota_exceeded with the next billing step), given back when the
// work is then refused, and followed by the 80 % / 100 % webhook events, each once per period.
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { ServiceError } from '../runs/service-error.js';
import { periodAt } from './period.js';
import { termsOf } from './tiers.js';
import { usageBody, workspaceUsage } from './usage.js';
import { emitUsageEvent, type UsageEventType } from './webhook.js';

function nextStep(ws: WorkspaceRow): string {
  if (!termsOf(ws.tier).paid) {
    return 'Upgrade to a paid tier (POST /api/v1/billing/checkout with tier starter, pro or team; self-hosted: `siteqa admin workspace set-tier`), then opt in to overage if you need more.';
  }
  return 'Opt in to overage with PATCH /api/v1/workspaces/current/usage {"opt_in_to_overage": true}, or move to a larger tier.';
}

/** Claims the period's alert first (one statement; false on every later call), then builds the event. */
async function emitOnce(rt: Runtime, ws: WorkspaceRow, periodStart: Date, type: UsageEventType) {
  if (!ws.usage_webhook_url || !ws.usage_webhook_secret) return;
  if (!(await rt.store.usage.claimAlert(ws.id, periodStart, type, rt.clock.now()))) return;
  await emitUsageEvent(rt, ws, type, usageBody(await workspaceUsage(rt, ws)));
}

/**
 * Runs `work` as one metered call of the workspace: counted first (refused with quota_exceeded at
 * the cap unless a paid tier opted in to overage), given back if `work` throws.
 */
export async function meteredCall<T>(rt: Runtime, ws: WorkspaceRow, work: () => Promise<T>): Promise<T> {
  const terms = termsOf(ws.tier);
  const period = periodAt(new Date(ws.created_at), rt.clock.now());
  const overage = ws.opt_in_to_overage && terms.paid;
  const used = await rt.store.usage.consume(ws.id, period.start, overage ? null : terms.callsIncluded);
  if (used === null) {
    await emitOnce(rt, ws, period.start, 'usage.capped');
    throw new ServiceError('quota_exceeded', `This workspace has used all ${terms.callsIncluded} calls its ${ws.tier} tier includes until ${period.end.toISOString()} (hard cap). ${nextStep(ws)}`);
  }
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await rt.store.usage.release(ws.id, period.start);
    throw err;
  }
  // The work is done (a run committed): a failing alert must not turn it into an error the caller
  // would retry (a second run). Alerts are claimed once per period, so a missed one is logged.
  const share = terms.callsIncluded === 0 ? 1 : used / terms.callsIncluded;
  try {
    if (share >= 0.8) await emitOnce(rt, ws, period.start, 'usage.threshold_80');
    if (share >= 1) await emitOnce(rt, ws, period.start, 'usage.quota_reached');
  } catch (err) {
    rt.log.error({ err, workspace_id: ws.id }, 'usage alert could not be queued');
  }
  return result;
}
