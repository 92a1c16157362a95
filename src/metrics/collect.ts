// Gathers the service's metrics. Run counts, queue depth and durations come from the database, so
// every API process reports the same cluster-wide figures; browser restarts and memory are this process's.
import { sql } from 'kysely';
import type { Runtime } from '../runtime.js';
import { chromiumPssMb } from './chromium-memory.js';
import type { MetricFamily } from './prometheus.js';

/** Run duration buckets, in seconds: an audit usually takes 10 s to 2 min. */
export const RUN_DURATION_BUCKETS = [5, 10, 20, 30, 60, 120, 300, 600];

export async function collectMetrics(rt: Runtime): Promise<MetricFamily[]> {
  const db = rt.store.db;
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
  const oldest = queued?.oldest ? Date.parse(String(queued.oldest)) : null;
  const durations = await runDurations(rt);

  return [
    {
      name: 'siteqa_runs', help: 'Runs in the database by kind and status.', type: 'gauge',
      samples: byStatus.map((r) => ({ labels: { kind: String(r.kind), status: String(r.status) }, value: Number(r.n) })),
    },
    { name: 'siteqa_queue_depth', help: 'Runs waiting for a worker (status queued).', type: 'gauge', samples: [{ value: Number(queued?.n ?? 0) }] },
    {
      name: 'siteqa_queue_oldest_age_seconds', help: 'Age of the oldest queued run; 0 when none waits.', type: 'gauge',
      samples: [{ value: oldest === null ? 0 : Math.max(0, (rt.clock.now().getTime() - oldest) / 1000) }],
    },
    { name: 'siteqa_run_duration_seconds', help: 'Wall time of ended runs, from claim to terminal status.', type: 'histogram', ...durations },
    { name: 'siteqa_browser_restarts_total', help: 'Chromium relaunches in this process (crashes or recycling).', type: 'counter', samples: [{ value: rt.browser.restarts() }] },
    { name: 'siteqa_browser_memory_bytes', help: "PSS of this process's Chromium (all its processes).", type: 'gauge', samples: [{ value: chromiumPssMb() * 2 ** 20 }] },
    { name: 'process_resident_memory_bytes', help: 'Resident memory of this process.', type: 'gauge', samples: [{ value: process.memoryUsage.rss() }] },
  ];
}

/** One aggregate query: cumulative bucket counts, sum and count over every ended run. */
async function runDurations(rt: Runtime): Promise<{ buckets: { le: number; count: number }[]; sum: number; count: number }> {
  const seconds = rt.store.dialect === 'postgres'
    ? sql<number>`extract(epoch from (cast(finished_at as timestamptz) - cast(started_at as timestamptz)))`
    : sql<number>`((julianday(finished_at) - julianday(started_at)) * 86400.0)`;
  const bucketColumns = RUN_DURATION_BUCKETS.map((le, i) => sql`sum(case when d <= ${le} then 1 else 0 end) as ${sql.ref(`b${i}`)}`);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(bucketColumns)}, count(*) as n, coalesce(sum(d), 0) as s
    from (select ${seconds} as d from runs where finished_at is not null and started_at is not null) ended`.execute(rt.store.db);
  const row = rows[0] ?? {};
  return {
    buckets: RUN_DURATION_BUCKETS.map((le, i) => ({ le, count: Number(row[`b${i}`] ?? 0) })),
    sum: Number(row.s ?? 0),
    count: Number(row.n ?? 0),
  };
}
