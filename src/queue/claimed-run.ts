// A run claimed under a lease (store.runs.claimNext or .claim), as both queues handle it: hand it to
// the handler with its lease kept alive, and fail it if the handler left it unfinished.
import type { RunRow, Store } from '../store/index.js';
import type { QueueStartOptions, RunHandler } from './index.js';
import { keepLease } from './lease-keeper.js';
import { endEventData } from '../links.js';

/** failure_reason when a handler returned or threw without finishing its run. */
export const UNFINISHED_RUN_REASON = 'internal error: the worker stopped before finishing the run';

/** Runs the handler with a renewed lease; invariant: a run this worker still owns ends terminal. */
export async function handleClaimedRun(
  store: Store,
  handler: RunHandler,
  run: RunRow,
  opts: Required<Pick<QueueStartOptions, 'workerId' | 'leaseMs' | 'onError' | 'now'>>,
): Promise<void> {
  const lease = keepLease(store.runs, run.id, opts.workerId, opts.leaseMs, (err) => opts.onError(err, run), opts.now);
  try {
    await handler(run, { workerId: opts.workerId, signal: lease.signal });
  } catch (err) {
    opts.onError(err, run);
  } finally {
    lease.stop();
    if (!lease.lost) await finishAbandoned(store, run.id, opts.workerId, opts.now()).catch((err) => opts.onError(err, run));
  }
}

async function finishAbandoned(store: Store, runId: string, workerId: string, now: Date): Promise<void> {
  const run = await store.runs.get(runId);
  if (!run || run.status !== 'running' || run.lease_owner !== workerId) return;
  if (await store.runs.finish(runId, { status: 'failed', failure_reason: UNFINISHED_RUN_REASON }, now)) {
    await store.events.append(runId, 'end', endEventData(run, { status: 'failed', failure_reason: UNFINISHED_RUN_REASON }), now);
  }
}
