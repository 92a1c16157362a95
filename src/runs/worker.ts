// The worker loop: claims queued runs from the queue and executes them; a sweeper returns runs
// whose worker vanished (lease expired) to the queue, or fails them after too many attempts.
import type { Runtime } from '../runtime.js';
import { executeRun } from './execute-run.js';
import { reportUrlFor } from './share-token.js';

export const MAX_ATTEMPTS = 2;

export async function sweepOnce(rt: Runtime, asOf: Date = rt.clock.now()): Promise<void> {
  const { requeued, failed } = await rt.store.runs.sweepExpired(asOf, MAX_ATTEMPTS);
  const now = rt.clock.now();
  for (const run of requeued) {
    await rt.store.events.append(run.id, 'requeued', { run_id: run.id, reason: 'the worker running it stopped answering' }, now);
    await rt.queue.enqueue(run.id);
  }
  for (const run of failed) {
    await rt.store.events.append(run.id, 'end', { status: 'failed', failure_reason: run.failure_reason, report_url: reportUrlFor(run.share_token) }, now);
  }
  if (requeued.length || failed.length) rt.log.warn({ requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) }, 'swept runs with expired leases');
}

export function startWorker(rt: Runtime, opts: { concurrency?: number; embedded?: boolean } = {}): { stop(): Promise<void> } {
  const sweep = setInterval(() => {
    sweepOnce(rt).catch((err) => rt.log.error({ err }, 'sweep failed'));
  }, Math.max(1000, Math.floor(rt.config.leaseMs / 2)));
  rt.queue.start(
    async (run) => {
      try {
        await executeRun(rt, run);
      } catch (err) {
        rt.log.error({ err, run_id: run.id }, 'executeRun threw');
      }
    },
    { concurrency: opts.concurrency ?? rt.config.workerConcurrency, workerId: rt.workerId, leaseMs: rt.config.leaseMs },
  );
  return {
    async stop() {
      clearInterval(sweep);
      await rt.queue.stop();
    },
  };
}

/**
 * Embedded mode has one process per database: runs left `running` by a previous process can
 * only be orphans, so they are swept at once instead of after their lease expires.
 */
export async function recoverOrphans(rt: Runtime): Promise<void> {
  await sweepOnce(rt, new Date(rt.clock.now().getTime() + rt.config.leaseMs + 1000));
}
