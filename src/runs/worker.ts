// The worker loop: the queue claims runs (with leases it renews and sweeps) and hands each to
// executeRun, which always brings it to a terminal status.
import { sweepExpiredRuns } from '../queue/index.js';
import type { Runtime } from '../runtime.js';
import { executeRun } from './execute-run.js';

export const MAX_ATTEMPTS = 2;

export function startWorker(rt: Runtime, opts: { concurrency?: number } = {}): { stop(): Promise<void> } {
  rt.queue.start((run, ctx) => executeRun(rt, run, ctx.signal), {
    concurrency: opts.concurrency ?? rt.config.workerConcurrency,
    workerId: rt.workerId,
    leaseMs: rt.config.leaseMs,
    maxAttempts: MAX_ATTEMPTS,
    onError: (err, run) => rt.log.error({ err, run_id: run?.id }, 'worker error'),
    now: () => rt.clock.now(),
  });
  return { stop: () => rt.queue.stop() };
}

/**
 * Embedded mode has one process per database: runs left `running` by a previous process can only
 * be orphans, so they are swept at once (re-queued, or failed after MAX_ATTEMPTS) instead of after
 * their lease expires.
 */
export async function recoverOrphans(rt: Runtime): Promise<void> {
  await sweepExpiredRuns(rt.store, new Date(rt.clock.now().getTime() + rt.config.leaseMs + 1000), MAX_ATTEMPTS, () => rt.clock.now());
}
