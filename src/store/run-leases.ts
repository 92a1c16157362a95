// The queue half of the runs repository: claim the oldest queued run under a lease, renew it, finish
// the run once, and sweep runs whose lease ran out (their worker crashed or hung).
import { sql, type Kysely } from 'kysely';
import { iso, isoPlus } from './codec.js';
import type { Dialect } from './connect.js';
import { toRunRow, type RunRow, type TerminalRunStatus } from './run-row.js';
import type { Database } from './schema.js';

export interface RunLeases {
  /** Atomically moves the oldest queued run to running under this worker's lease; attempts + 1. */
  claimNext(workerId: string, leaseMs: number, now: Date): Promise<RunRow | undefined>;
  /**
   * The same transition for one named run (a pg-boss delivery names it). Undefined when the run is
   * not queued: another worker claimed it, it ended, or a duplicate delivery came while it runs.
   */
  claim(id: string, workerId: string, leaseMs: number, now: Date): Promise<RunRow | undefined>;
  /** False when this worker no longer owns the run (finished, swept, or claimed by another worker). */
  renewLease(id: string, workerId: string, leaseMs: number, now: Date): Promise<boolean>;
  /** Only from a non-terminal status; false when the run had already ended (or does not exist). */
  finish(id: string, result: { status: TerminalRunStatus; failure_reason: string | null }, now: Date): Promise<boolean>;
  /** Running runs whose lease expired: requeued while attempts < maxAttempts, else failed. */
  sweepExpired(now: Date, maxAttempts: number): Promise<{ requeued: RunRow[]; failed: RunRow[] }>;
}

export function createRunLeases(db: Kysely<Database>, dialect: Dialect): RunLeases {
  /** queued → running under `workerId`'s lease, attempts + 1, for the run `target` selects. */
  const claimWhere = async (target: string | ReturnType<typeof oldestQueuedOf>, workerId: string, leaseMs: number, now: Date) => {
    const row = await db
      .updateTable('runs')
      .set({
        status: 'running',
        attempts: sql<number>`attempts + 1`,
        started_at: iso(now),
        lease_owner: workerId,
        lease_expires_at: isoPlus(now, leaseMs),
      })
      .where('id', '=', target)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    return row && toRunRow(row);
  };
  // One statement, so the pick and the update are atomic. SQLite holds its single write lock for
  // the statement; Postgres locks the picked row and SKIP LOCKED lets concurrent claimers take the
  // next one instead of queueing behind it. NO KEY UPDATE (not UPDATE) so inserting events for a
  // queued run (a key-share lock through the foreign key) does not hide that run from claimers.
  function oldestQueuedOf() {
    return db
      .selectFrom('runs')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate().skipLocked());
  }

  return {
    claimNext(workerId, leaseMs, now) {
      return claimWhere(oldestQueuedOf(), workerId, leaseMs, now);
    },

    claim(id, workerId, leaseMs, now) {
      return claimWhere(id, workerId, leaseMs, now);
    },

    async renewLease(id, workerId, leaseMs, now) {
      // An expired lease not yet swept still belongs to its worker: renewing late is better than
      // throwing away a nearly finished run. Once swept (status changes) the renewal fails.
      const res = await db
        .updateTable('runs')
        .set({ lease_expires_at: isoPlus(now, leaseMs) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async finish(id, result, now) {
      const res = await db
        .updateTable('runs')
        .set({
          status: result.status,
          failure_reason: result.failure_reason,
          finished_at: iso(now),
          lease_owner: null,
          lease_expires_at: null,
        })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async sweepExpired(now, maxAttempts) {
      // Each UPDATE re-checks status and lease under the row lock, so two sweepers (or a sweeper and
      // a late renewal) never both act on one run.
      const leaseOver = iso(now);
      const requeued = await db
        .updateTable('runs')
        .set({ status: 'queued', lease_owner: null, lease_expires_at: null })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', leaseOver)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .execute();
      const failed = await db
        .updateTable('runs')
        .set({
          status: 'failed',
          failure_reason: sql<string>`${"worker lost: the run's lease expired "} || cast(attempts as text) || ${' times'}`,
          finished_at: leaseOver,
          lease_owner: null,
          lease_expires_at: null,
        })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', leaseOver)
        .where('attempts', '>=', maxAttempts)
        .returningAll()
        .execute();
      return { requeued: requeued.map(toRunRow), failed: failed.map(toRunRow) };
    },
  };
}
