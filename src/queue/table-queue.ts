// The table queue: the runs table is the queue. Workers claim the oldest queued run under a lease
// (FOR NO KEY UPDATE SKIP LOCKED on Postgres, the single write lock on SQLite), renew it while the
// handler works, and sweep runs whose worker died. Queued runs survive restarts because they are rows.
import type { RunRow, Store } from '../store/index.js';
import type { QueueStartOptions, RunHandler, RunQueue } from './index.js';
import { handleClaimedRun } from './claimed-run.js';
import { endEventData } from '../links.js';

/** Signal topic: "a run was queued", heard by every worker on the database (Postgres) or store (SQLite). */
export const RUNS_TOPIC = 'runs';
export { UNFINISHED_RUN_REASON } from './claimed-run.js';

const DEFAULT_POLL_MS = 1000;
const DEFAULT_MAX_ATTEMPTS = 2;

export function createTableQueue(store: Store): RunQueue {
  let loop: Promise<void> | null = null;
  let stopping = false;
  const active = new Set<Promise<void>>();
  // One waiter (the claim loop); a wake-up that arrives while it is busy is remembered, not lost.
  let woken = false;
  let wakeWaiter: (() => void) | null = null;
  const wake = () => {
    woken = true;
    wakeWaiter?.();
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeWaiter = null;
        resolve();
      }
      wakeWaiter = done;
    });

  async function claimLoop(handler: RunHandler, opts: Required<QueueStartOptions>): Promise<void> {
    const sweepEveryMs = Math.max(opts.pollMs, Math.min(opts.leaseMs / 2, 5000));
    let lastSweep = 0;
    while (!stopping) {
      woken = false;
      try {
        if (Date.now() - lastSweep >= sweepEveryMs) {
          lastSweep = Date.now();
          await sweep(store, opts);
        }
        while (!stopping && active.size < opts.concurrency) {
          const run = await store.runs.claimNext(opts.workerId, opts.leaseMs, opts.now());
          if (!run) break;
          // Claimed runs are handled even if stop() came meanwhile: the lease is ours, drain covers it.
          launch(handler, run, opts);
        }
      } catch (err) {
        opts.onError(err);
      }
      if (!stopping) await nap(opts.pollMs);
    }
  }

  function launch(handler: RunHandler, run: RunRow, opts: Required<QueueStartOptions>): void {
    const task = handleClaimedRun(store, handler, run, opts).finally(() => {
      active.delete(task);
      wake(); // a slot is free
    });
    active.add(task);
  }

  let unlisten: (() => void) | null = null;
  return {
    async enqueue(runId, tx) {
      // The run row is the delivery: nothing to write, only workers to wake once it is visible.
      if (tx) {
        tx.notify(RUNS_TOPIC, runId);
        tx.afterCommit(wake);
        return;
      }
      wake();
      await store.signals.notify(RUNS_TOPIC, runId);
    },

    start(handler, opts) {
      if (loop) throw new Error('run queue already started');
      if (!(opts.concurrency >= 1)) throw new Error('run queue concurrency must be at least 1');
      stopping = false;
      unlisten = store.signals.listen(RUNS_TOPIC, wake);
      loop = claimLoop(handler, {
        pollMs: DEFAULT_POLL_MS,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
        onError: (err) => console.error('[run queue]', err),
        now: () => new Date(),
        ...stripUndefined(opts),
      });
    },

    async stop() {
      if (!loop) return;
      stopping = true;
      unlisten?.();
      wake();
      await loop;
      await Promise.allSettled([...active]);
      loop = null;
    },
  };
}


/**
 * Requeues or fails runs whose worker stopped renewing, with the same events as the worker uses:
 * `requeued` for a retry, `end` for a run that used up its attempts.
 */
async function sweep(store: Store, opts: Required<QueueStartOptions>): Promise<void> {
  await sweepExpiredRuns(store, opts.now(), opts.maxAttempts, opts.now);
}

/** The sweep itself; `asOf` later than now treats every lease expiring before it as expired. */
export async function sweepExpiredRuns(store: Store, asOf: Date, maxAttempts: number, clock: () => Date = () => new Date()): Promise<void> {
  const now = clock();
  const { requeued, failed } = await store.runs.sweepExpired(asOf, maxAttempts);
  for (const run of requeued) {
    await store.events.append(run.id, 'requeued', { run_id: run.id, reason: 'the worker running it stopped answering' }, now);
  }
  for (const run of failed) {
    await store.events.append(run.id, 'end', endEventData(run, { status: 'failed', failure_reason: run.failure_reason }), now);
  }
  if (requeued.length > 0) await store.signals.notify(RUNS_TOPIC, requeued[0].id);
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
