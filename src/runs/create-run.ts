// Starting an audit: the guard decides, the free pool is checked, then the run row, its first
// event and its queue delivery are written in one transaction. Nothing is queued when any step refuses.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { checkUrl } from '../guard/url.js';
import type { RunRow, StoreTx } from '../store/index.js';
import type { Runtime } from '../runtime.js';
import { ServiceError } from './service-error.js';
import { enforceRateLimit } from '../usage/rate-limit.js';
import { anonymousAuditBucket } from '../usage/usage.js';
import { eventsUrlFor, newShareToken, reportUrlFor } from './share-token.js';

export interface CreateAuditInput {
  url: string;
  source: string | null;
  workspaceId: string | null;
  clientIp: string | null;
  options?: { max_pages?: number };
  /** Where the "audit queued" line goes: the request's logger ties it to the request id. */
  log?: Pick<Logger, 'info'>;
  /** Writes that belong to the creation (e.g. linking the run to what asked for it): same transaction. */
  alongside?: (run: RunRow, tx: StoreTx) => Promise<void>;
}

export interface CreatedRun {
  run: RunRow;
  events_url: string;
  report_url: string;
}

export async function createAuditRun(rt: Runtime, input: CreateAuditInput): Promise<CreatedRun> {
  const verdict = await checkUrl(input.url, rt.guard);
  if (!verdict.ok) throw new ServiceError('unsafe_url', verdict.reason);
  if (input.workspaceId === null) {
    const active = await rt.store.runs.countActive({ anonymousOnly: true, upTo: rt.config.freeAuditPool });
    if (active >= rt.config.freeAuditPool) {
      throw new ServiceError('at_capacity', `The free-audit pool is full (${rt.config.freeAuditPool} anonymous audits queued or running). Nothing was queued; retry after the Retry-After interval.`, { retryAfterSec: 30 });
    }
  }
  // Anonymous audits from a client count against its per-IP limit only once the URL and the pool
  // admit them: a refused request (422, 503 "safe to replay") costs no allowance.
  if (input.workspaceId === null && input.clientIp !== null) {
    await enforceRateLimit(rt, anonymousAuditBucket(input.clientIp), rt.config.auditRateLimit, rt.config.auditRateWindowSec);
  }
  const now = rt.clock.now();
  // The run, its first event and its queue delivery commit together or not at all.
  const run = await rt.store.transaction(async (tx) => {
    const created = await rt.store.runs.create({
      id: randomUUID(), kind: 'audit', url: verdict.url.href, source: input.source, workspace_id: input.workspaceId,
      share_token: newShareToken(), client_ip: input.clientIp, options: input.options ?? {}, now,
    }, tx);
    await rt.store.events.appendFirst(created.id, 'queued', { run_id: created.id, url: created.url }, now, tx);
    await rt.queue.enqueue(created.id, tx);
    await input.alongside?.(created, tx);
    return created;
  });
  (input.log ?? rt.log).info({ run_id: run.id, source: input.source, workspace_id: input.workspaceId }, 'audit queued');
  return { run, events_url: eventsUrlFor(run.id), report_url: reportUrlFor(run.share_token) };
}
