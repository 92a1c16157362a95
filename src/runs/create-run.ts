// Starting a run of any kind: the guard decides on the target, the caller's admission policy (free
// pool, per-IP limit, quota…) decides whether it may start, then the run row, its first event, its
// queue delivery and the caller's own writes are committed in one transaction. Nothing is queued
// when any step refuses.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { checkUrl } from '../guard/url.js';
import type { RunRow, StoreTx } from '../store/index.js';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import { enforceRateLimit } from '../usage/rate-limit.js';
import { anonymousAuditBucket } from '../usage/usage.js';
import { eventsUrlFor, newShareToken, reportUrlFor } from './share-token.js';

/** What started a run (stored on it; shown on monitor runs). */
export type RunTrigger = 'api' | 'cli' | 'recheck' | 'monitor_schedule' | 'monitor_run_now' | 'deploy_hook' | 'flow_run' | 'chaos_run';

export interface CreateRunInput {
  kind: string;
  url: string;
  source: string | null;
  workspaceId: string | null;
  clientIp: string | null;
  trigger: RunTrigger;
  monitorId?: string | null;
  options?: Record<string, unknown>;
  /** Runs after the guard and before anything is written: throws a ServiceError to refuse. */
  admission?: Admission;
  /** Where the "run queued" line goes: the request's logger ties it to the request id. */
  log?: Pick<Logger, 'info'>;
  /** Writes that belong to the creation (e.g. linking the run to what asked for it): same transaction. */
  alongside?: (run: RunRow, tx: StoreTx) => Promise<void>;
}

export type Admission = (rt: Runtime, input: CreateRunInput) => Promise<void>;

/** Kinds whose drivers use an app model (docs/app-models.md): their runs pin the newest version at creation. */
const APP_MODEL_KINDS = new Set(['audit', 'gremlin']);

export interface CreatedRun {
  run: RunRow;
  events_url: string;
  report_url: string;
}

export async function createRun(rt: Runtime, input: CreateRunInput): Promise<CreatedRun> {
  const verdict = await checkUrl(input.url, rt.guard);
  if (!verdict.ok) throw new ServiceError('unsafe_url', verdict.reason);
  await input.admission?.(rt, input);
  // The app model is pinned now, so a later write never changes what a queued or running run does.
  const model = input.workspaceId && APP_MODEL_KINDS.has(input.kind) ? await rt.store.appModels.get(input.workspaceId, verdict.url.hostname.toLowerCase()) : undefined;
  const options = model ? { ...input.options, app_model: { domain: model.domain, version: model.version } } : (input.options ?? {});
  const now = rt.clock.now();
  // The run, its first event and its queue delivery commit together or not at all.
  const run = await rt.store.transaction(async (tx) => {
    const created = await rt.store.runs.create({
      id: randomUUID(), kind: input.kind, url: verdict.url.href, source: input.source, workspace_id: input.workspaceId,
      monitor_id: input.monitorId ?? null, share_token: newShareToken(), client_ip: input.clientIp, options,
      trigger: input.trigger, now,
    }, tx);
    await rt.store.events.appendFirst(created.id, 'queued', { run_id: created.id, url: created.url, kind: created.kind }, now, tx);
    await rt.queue.enqueue(created.id, tx);
    await input.alongside?.(created, tx);
    return created;
  });
  (input.log ?? rt.log).info({ run_id: run.id, kind: run.kind, trigger: input.trigger, source: input.source, workspace_id: input.workspaceId }, 'run queued');
  return { run, events_url: eventsUrlFor(run.id), report_url: reportUrlFor(run.share_token) };
}

/** Anonymous runs share the free pool: refused (503, safe to replay) while it is full. */
export const freePoolAdmission: Admission = async (rt) => {
  const active = await rt.store.runs.countActive({ anonymousOnly: true, upTo: rt.config.freeAuditPool });
  if (active >= rt.config.freeAuditPool) {
    throw new ServiceError('at_capacity', `The free-audit pool is full (${rt.config.freeAuditPool} anonymous audits queued or running). Nothing was queued; retry after the Retry-After interval.`, { retryAfterSec: 30 });
  }
};

/**
 * An anonymous audit from a client: the free pool, then the client's per-IP limit. A refused
 * request (422 by the guard, 503 "safe to replay") costs no allowance: the limit is counted last.
 */
export const anonymousAuditAdmission: Admission = async (rt, input) => {
  await freePoolAdmission(rt, input);
  if (input.clientIp !== null) {
    await enforceRateLimit(rt, anonymousAuditBucket(input.clientIp), rt.config.auditRateLimit, rt.config.auditRateWindowSec);
  }
};
