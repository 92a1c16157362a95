// Opens pg-boss for the run queue: its schema beside the store's, started, and its queues created
// once across the cluster.
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Store } from '../store/index.js';

/** pg-boss queue names: run deliveries, and the once-per-cluster sweep token. */
export const RUN_JOBS = 'siteqa-runs';
export const SWEEP_JOBS = 'siteqa-sweep';

export interface PgBossSetup {
  connectionString: string;
  /** Default: `<store schema>_pgboss`, or `pgboss` when the store is in `public`. */
  schema?: string;
  jobExpireSeconds: number;
  poolSize: number;
  onError: (err: unknown) => void;
}

/**
 * RUN_JOBS: policy `short` keeps at most one waiting job per singleton key (the run id); retries
 * cover a delivery whose worker died. SWEEP_JOBS: one job per interval is the sweep's election.
 */
export async function openPgBoss(store: Store, setup: PgBossSetup): Promise<{ boss: PgBoss; schema: string }> {
  const schema = setup.schema ?? (await bossSchemaFor(store));
  const boss = new PgBoss({ connectionString: setup.connectionString, schema, max: setup.poolSize, schedule: false });
  boss.on('error', setup.onError);
  await boss.start();
  await ensureQueues(store, boss, schema, {
    [RUN_JOBS]: { policy: 'short', retryLimit: 2, retryDelay: 5, expireInSeconds: setup.jobExpireSeconds },
    [SWEEP_JOBS]: { policy: 'standard', retryLimit: 0, expireInSeconds: 300 },
  });
  return { boss, schema };
}

/** pg-boss in its own schema beside the store's, so each test schema (or deployment) has its own queue. */
async function bossSchemaFor(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  const current = rows[0].schema;
  return current === 'public' ? 'pgboss' : `${current}_pgboss`;
}

/**
 * Creates the queues that do not exist yet. pg-boss creates a table partition per queue, and two
 * processes starting at once deadlock doing so: an advisory lock held by this transaction makes the
 * processes of a cluster take turns (pg-boss itself runs on its own connections meanwhile).
 */
async function ensureQueues(store: Store, boss: PgBoss, schema: string, queues: Record<string, Omit<PgBoss.Queue, 'name'>>): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.create_queue`}))`.execute(trx);
    for (const [name, options] of Object.entries(queues)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...options });
    }
  });
}
