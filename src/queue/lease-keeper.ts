// Keeps one claimed run's lease alive while its handler works, and says when the lease was lost.
import type { RunsRepo } from '../store/index.js';

/** The abort reason given to a handler whose run no longer belongs to its worker. */
export class LeaseLostError extends Error {
  constructor(readonly runId: string) {
    super(`lease on run ${runId} was lost; another worker may own it now`);
    this.name = 'LeaseLostError';
  }
}

export interface LeaseKeeper {
  signal: AbortSignal;
  readonly lost: boolean;
  stop(): void;
}

/**
 * Renews every leaseMs/3, so two renewals can fail (a database blip) before the lease runs out.
 * A renewal that the database refuses means the run was swept or finished: abort, never retry.
 */
export function keepLease(
  runs: RunsRepo,
  runId: string,
  workerId: string,
  leaseMs: number,
  onError: (err: unknown) => void,
  now: () => Date = () => new Date(),
): LeaseKeeper {
  const controller = new AbortController();
  const every = Math.max(10, Math.floor(leaseMs / 3));
  let stopped = false;
  let timer: NodeJS.Timeout;

  const tick = async (): Promise<void> => {
    try {
      const owned = await runs.renewLease(runId, workerId, leaseMs, now());
      if (!owned) {
        if (!stopped) controller.abort(new LeaseLostError(runId));
        return;
      }
    } catch (err) {
      onError(err);
    }
    if (!stopped) timer = setTimeout(tick, every);
  };
  timer = setTimeout(tick, every);

  return {
    signal: controller.signal,
    get lost() {
      return controller.signal.aborted;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
