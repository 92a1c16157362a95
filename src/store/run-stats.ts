// Cluster-wide run statistics for /metrics and the health probe: counts by kind and status, the
// queue's depth and oldest entry, and a duration histogram of ended runs, each one query.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface RunStats {
  byStatus: { kind: string; status: string; count: number }[];
  queued: { count: number; oldest: string | null };
  /** Cumulative counts of ended runs whose claim→end time is ≤ each bucket (seconds). */
  durations: { buckets: { le: number; count: number }[]; sum: number; count: number };
}

export interface RunStatsRepo {
  collect(bucketsSec: readonly number[]): Promise<RunStats>;
  /** One round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
}

export function createRunStatsRepo(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): RunStatsRepo {
  const seconds = dialect === 'postgres'
    ? sql<number>`extract(epoch from (cast(finished_at as timestamptz) - cast(started_at as timestamptz)))`
    : sql<number>`((julianday(finished_at) - julianday(started_at)) * 86400.0)`;
  return {
    async collect(bucketsSec) {
      const byStatus = await db
        .selectFrom('runs')
        .select(['kind', 'status', (eb) => eb.fn.countAll().as('n')])
        .groupBy(['kind', 'status'])
        .orderBy('kind')
        .orderBy('status')
        .execute();
      const queued = await db
        .selectFrom('runs')
        .select([(eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
        .where('status', '=', 'queued')
        .executeTakeFirst();
      const columns = bucketsSec.map((le, i) => sql`sum(case when d <= ${le} then 1 else 0 end) as ${sql.ref(`b${i}`)}`);
      const { rows } = await sql<Record<string, unknown>>`
        select ${sql.join(columns)}, count(*) as n, coalesce(sum(d), 0) as s
        from (select ${seconds} as d from runs where finished_at is not null and started_at is not null) ended`.execute(db);
      const row = rows[0] ?? {};
      return {
        byStatus: byStatus.map((r) => ({ kind: String(r.kind), status: String(r.status), count: Number(r.n) })),
        queued: { count: Number(queued?.n ?? 0), oldest: queued?.oldest ? String(queued.oldest) : null },
        durations: {
          buckets: bucketsSec.map((le, i) => ({ le, count: Number(row[`b${i}`] ?? 0) })),
          sum: Number(row.s ?? 0),
          count: Number(row.n ?? 0),
        },
      };
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}
