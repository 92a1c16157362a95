// Durable scheduled jobs (mail sends, webhook deliveries, the 7-day re-check): a row per job with a
// due time; a claim is a lease, so a job whose runner died is claimed again once the lease lapses.
import type { Kysely, Selectable } from 'kysely';
import { iso, isoPlus, fromJsonObject, toJson } from './codec.js';
import type { Database, JobsTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  run_at: string;
  attempts: number;
  state: JobsTable['state'];
  last_error: string | null;
}

export interface JobsRepo {
  /** Inserts the job unless its id exists; within `tx` it exists only if the transaction commits. */
  schedule(input: { id: string; kind: string; payload: Record<string, unknown>; runAt: Date; now: Date }, tx?: StoreTx): Promise<void>;
  /**
   * Claims up to `limit` pending jobs due at `now` (and not leased by a live claim), each for
   * `leaseMs`, bumping attempts. Two claimers never get the same job within one lease.
   */
  claimDue(now: Date, leaseMs: number, limit: number): Promise<JobRow[]>;
  complete(id: string): Promise<void>;
  /** Back to pending, due at `runAt`. */
  retry(id: string, runAt: Date, error: string): Promise<void>;
  fail(id: string, error: string): Promise<void>;
  /** Not a failure, only not yet (e.g. the run is still going): due again at `runAt`, the attempt not counted. */
  postpone(id: string, runAt: Date): Promise<void>;
  get(id: string): Promise<JobRow | undefined>;
  list(filter?: { kind?: string }): Promise<JobRow[]>;
}

function toJob(r: Selectable<JobsTable>): JobRow {
  return { id: r.id, kind: r.kind, payload: fromJsonObject(r.payload), run_at: r.run_at, attempts: Number(r.attempts), state: r.state, last_error: r.last_error };
}

export function createJobsRepo(db: Kysely<Database>): JobsRepo {
  return {
    async schedule({ id, kind, payload, runAt, now }, tx) {
      await (tx?.db ?? db)
        .insertInto('jobs')
        .values({ id, kind, payload: toJson(payload), run_at: iso(runAt), attempts: 0, state: 'pending', locked_until: null, last_error: null, created_at: iso(now) })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async claimDue(now, leaseMs, limit) {
      const candidates = await db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'pending')
        .where('run_at', '<=', iso(now))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso(now))]))
        .orderBy('run_at')
        .limit(limit)
        .execute();
      const claimed: JobRow[] = [];
      for (const c of candidates) {
        // Compare-and-set on the lease seen above: only one claimer's update matches.
        const res = await db
          .updateTable('jobs')
          .set({ locked_until: isoPlus(now, leaseMs), attempts: Number(c.attempts) + 1 })
          .where('id', '=', c.id)
          .where('state', '=', 'pending')
          .where('attempts', '=', c.attempts)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) claimed.push(toJob({ ...c, attempts: Number(c.attempts) + 1 }));
      }
      return claimed;
    },
    async complete(id) {
      await db.updateTable('jobs').set({ state: 'done', locked_until: null }).where('id', '=', id).execute();
    },
    async retry(id, runAt, error) {
      await db.updateTable('jobs').set({ run_at: iso(runAt), locked_until: null, last_error: error.slice(0, 1000) }).where('id', '=', id).execute();
    },
    async fail(id, error) {
      await db.updateTable('jobs').set({ state: 'failed', locked_until: null, last_error: error.slice(0, 1000) }).where('id', '=', id).execute();
    },
    async postpone(id, runAt) {
      await db
        .updateTable('jobs')
        .set((eb) => ({ run_at: iso(runAt), locked_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toJob(row);
    },
    async list(filter = {}) {
      const rows = await db.selectFrom('jobs').selectAll().$if(Boolean(filter.kind), (q) => q.where('kind', '=', filter.kind!)).orderBy('run_at').execute();
      return rows.map(toJob);
    },
  };
}
