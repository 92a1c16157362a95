// The usage object: a workspace's metered calls in its monthly period against its tier's quota,
// or, for an anonymous caller, the audit allowance already spent by its address in this window.
import type { Runtime, WriteDeps } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { periodAt, windowAt, type Period } from './period.js';
import { effectiveTier, termsOf } from './tiers.js';

export interface Usage {
  calls_used: number;
  calls_included: number;
  calls_remaining: number;
  period_start: string;
  period_end: string;
  /** Set while billing pauses paid capabilities (src/billing/pause.ts); monitors do not run. */
  monitor_paused_at: string | null;
  opt_in_to_overage: boolean;
  /** US dollars, two decimals. siteqa sells no prepaid credit (overage is billed in arrears): 0.00, see docs/billing.md. */
  prepaid_credit_balance: number;
}

export interface WorkspaceUsage extends Usage {
  period: Period;
}

export async function workspaceUsage(rt: WriteDeps, ws: WorkspaceRow): Promise<WorkspaceUsage> {
  const now = rt.clock.now();
  const period = periodAt(new Date(ws.created_at), now);
  const used = await rt.store.usage.used(ws.id, period.start);
  const included = termsOf(effectiveTier(ws, now)).callsIncluded;
  return {
    calls_used: used,
    calls_included: included,
    calls_remaining: Math.max(0, included - used),
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    monitor_paused_at: ws.monitor_paused_at,
    opt_in_to_overage: ws.opt_in_to_overage,
    prepaid_credit_balance: ws.prepaid_credit_cents / 100,
    period,
  };
}

/** Strips the internal period field for a response body. */
export function usageBody(u: WorkspaceUsage | Usage): Usage {
  const { period: _period, ...rest } = u as WorkspaceUsage;
  return rest;
}

/** The same bucket POST /audits counts anonymous creations in (src/api/routes/audits). */
export const anonymousAuditBucket = (ip: string) => `audits:ip:${ip}`;

export async function anonymousUsage(rt: WriteDeps & Pick<Runtime, 'config'>, ip: string): Promise<Usage> {
  const window = windowAt(rt.clock.now(), rt.config.auditRateWindowSec);
  const used = await rt.store.usage.bucketCount(anonymousAuditBucket(ip), window.start);
  const included = rt.config.auditRateLimit;
  return {
    calls_used: Math.min(used, included),
    calls_included: included,
    calls_remaining: Math.max(0, included - used),
    period_start: window.start.toISOString(),
    period_end: window.end.toISOString(),
    monitor_paused_at: null,
    opt_in_to_overage: false,
    prepaid_credit_balance: 0,
  };
}
