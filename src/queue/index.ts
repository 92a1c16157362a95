// The run queue contract: how a created run reaches a worker. One contract, two adapters: the table
// queue (runs table + leases, SQLite and Postgres) and the pg-boss queue (production, Postgres).
import type { RunRow, StoreTx } from '../store/index.js';

export interface RunContext {
  workerId: string;
  /**
   * Aborted when this worker lost the run's lease (it was swept, or the database says another worker
   * owns it): stop work and do not finish the run, someone else may be running it.
   */
  signal: AbortSignal;
}

/** Runs one claimed run to a terminal status (it calls store.runs.finish). */
export type RunHandler = (run: RunRow, ctx: RunContext) => Promise<void>;

export interface QueueStartOptions {
  /** Runs handled at once by this worker. */
  concurrency: number;
  /** Unique per process: the lease owner written on claimed runs. */
  workerId: string;
  /** A claimed run's lease; renewed every leaseMs/3 while its handler runs. */
  leaseMs: number;
  /** Fallback poll when no wake-up signal arrives (other processes on SQLite, lost NOTIFY). Default 1000. */
  pollMs?: number;
  /** Claims of one run before an expired lease fails it instead of requeueing it. Default 2. */
  maxAttempts?: number;
  /** Handler throws, database errors in the claim loop. Default: written to stderr. */
  onError?: (err: unknown, run?: RunRow) => void;
  /** The clock claims, leases and sweeps are written with (the runtime's injected clock). Default: the system's. */
  now?: () => Date;
}

export interface RunQueue {
  /**
   * Hands a queued run to the workers and wakes idle ones. Pass the transaction that created the
   * run: the delivery then exists exactly when the run does (both commit or neither). Without one
   * (a re-send), a delivery lost to a crash is re-sent by the sweep.
   */
  enqueue(runId: string, tx?: StoreTx): Promise<void>;
  /** Starts claiming runs with up to `concurrency` handlers at once; the handler must finish the run. */
  start(handler: RunHandler, opts: QueueStartOptions): void;
  /** Stops claiming and waits for running handlers to finish (drain). */
  stop(): Promise<void>;
}

export { createTableQueue, RUNS_TOPIC, sweepExpiredRuns, UNFINISHED_RUN_REASON } from './table-queue.js';
export { LeaseLostError } from './lease-keeper.js';
