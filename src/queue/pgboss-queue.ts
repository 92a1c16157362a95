// The production run queue (Postgres): pg-boss delivers "run X is queued" jobs with retry, expiry and
// one waiting job per run (singleton key = run id); the runs row stays the truth and is claimed under
// the same lease as the table queue, so a duplicate or late delivery never runs a run twice.
import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Store, StoreTx } from '../store/index.js';
import { handleClaimedRun } from './claimed-run.js';
import { openPgBoss, RUN_JOBS, SWEEP_JOBS } from './pgboss-setup.js';
import type { QueueStartOptions, RunHandler, RunQueue } from './index.js';
import { RUNS_TOPIC, sweepExpiredRuns } from './table-queue.js';

export { RUN_JOBS, SWEEP_JOBS } from './pgboss-setup.js';

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema; default: `<store schema>_pgboss`, or `pgboss` when the store is in `public`. */
  schema?: string;
  /**
   * A delivery still active after this long is expired by pg-boss and retried (the run itself is
   * recovered sooner, by the lease sweep). Must exceed the run deadline. Default 15 minutes.
   */
  jobExpireSeconds?: number;
  /** pg-boss's own errors (maintenance, lost connections). Default: written to stderr. */
  onError?: (err: unknown) => void;
  /** Connections pg-boss may hold (its sends run on them). Default 10. */
  poolSize?: number;
}

/** pg-boss's `db` option: its SQL run on the caller's transaction instead of pg-boss's own pool. */
function executorFor(tx: StoreTx): PgBoss.Db {
  return { executeSql: (text, values) => tx.db.executeQuery(CompiledQuery.raw(text, values ?? [])) };
}

const DEFAULT_POLL_MS = 1000;
const DEFAULT_MAX_ATTEMPTS = 2;

export async function createPgBossQueue(store: Store, opts: PgBossQueueOptions): Promise<RunQueue> {
  if (store.dialect !== 'postgres') throw new Error('the pg-boss queue needs a Postgres store');
  const { boss, schema } = await openPgBoss(store, {
    connectionString: opts.connectionString,
    schema: opts.schema,
    jobExpireSeconds: opts.jobExpireSeconds ?? 900,
    poolSize: opts.poolSize ?? 10,
    onError: opts.onError ?? ((err) => console.error('[pg-boss]', err)),
  });

  const active = new Set<Promise<void>>();
  const workerIds: string[] = [];
  let started = false;
  let stopping = false;
  let sweepTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | null = null;
  const wakeAll = () => workerIds.forEach((id) => boss.notifyWorker(id));

  /** Sends a delivery for every queued run without a waiting one: after a sweep requeued it, or an
   * enqueue lost between the run insert and send (crash). Bounds a lost job to one sweep interval. */
  async function resendOrphans(): Promise<void> {
    const { rows } = await sql<{ id: string }>`
      select r.id from runs r where r.status = 'queued' and not exists (
        select 1 from ${sql.table(`${schema}.job`)} j
        where j.name = ${RUN_JOBS} and j.singleton_key = r.id and j.state in ('created', 'retry'))
      order by r.created_at limit 1000`.execute(store.db);
    for (const { id } of rows) await boss.send(RUN_JOBS, { run_id: id }, { singletonKey: id });
    if (rows.length > 0) await store.signals.notify(RUNS_TOPIC, rows[0].id);
  }

  async function startWorkers(handler: RunHandler, o: Required<QueueStartOptions>): Promise<void> {
    const pollingIntervalSeconds = Math.max(0.5, o.pollMs / 1000);
    for (let i = 0; i < o.concurrency; i++) {
      // One pg-boss worker per slot, batch of one: concurrency is the number of slots.
      const id = await boss.work<{ run_id: string }>(RUN_JOBS, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (stopping) throw new Error('worker stopping: handed back'); // fails the job; it is retried elsewhere
        const run = await store.runs.claim(job.data.run_id, o.workerId, o.leaseMs, o.now());
        if (!run) return; // not queued (claimed, ended, or a duplicate delivery): nothing to do
        const task = handleClaimedRun(store, handler, run, o);
        active.add(task);
        try {
          await task;
        } finally {
          active.delete(task);
        }
      });
      workerIds.push(id);
    }
    // The sweep must run once per interval across the cluster: the worker whose send wins the
    // interval's singleton slot (a unique index in Postgres) holds the token; its sweep worker runs it.
    const sweepEveryMs = Math.max(1000, Math.min(o.leaseMs / 2, 5000));
    const sweepWorker = await boss.work(SWEEP_JOBS, { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, sweepEveryMs / 1000) }, async () => {
      try {
        await sweepExpiredRuns(store, o.now(), o.maxAttempts, o.now);
        await resendOrphans();
      } catch (err) {
        o.onError(err); // the next interval's sweep tries again
      }
    });
    const elect = async () => {
      try {
        const won = await boss.send(SWEEP_JOBS, {}, { singletonKey: 'sweep', singletonSeconds: Math.round(sweepEveryMs / 1000) });
        if (won) boss.notifyWorker(sweepWorker);
      } catch (err) {
        o.onError(err);
      }
      if (!stopping) sweepTimer = setTimeout(elect, sweepEveryMs);
    };
    void elect();
  }

  let starting: Promise<void> | null = null;
  let stopped: Promise<void> | null = null;
  return {
    async enqueue(runId, tx) {
      if (tx) {
        // The job is inserted on the transaction's connection: it commits with the run or not at all.
        const jobId = await boss.send(RUN_JOBS, { run_id: runId }, { singletonKey: runId, db: executorFor(tx) });
        // null: no job was inserted (its queue is missing, or one already waits for this new run id,
        // which cannot be): refuse, so the run rolls back instead of committing without a job.
        if (jobId === null) throw new Error(`pg-boss refused the job for run ${runId} (queue ${RUN_JOBS})`);
        tx.notify(RUNS_TOPIC, runId); // wakes idle workers on every node, on commit
        return;
      }
      await boss.send(RUN_JOBS, { run_id: runId }, { singletonKey: runId });
      await store.signals.notify(RUNS_TOPIC, runId);
    },

    start(handler, opts) {
      if (started) throw new Error('run queue already started');
      if (!(opts.concurrency >= 1)) throw new Error('run queue concurrency must be at least 1');
      started = true;
      const o: Required<QueueStartOptions> = {
        pollMs: DEFAULT_POLL_MS,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
        onError: (err) => console.error('[run queue]', err),
        now: () => new Date(),
        ...(Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as QueueStartOptions),
      };
      unlisten = store.signals.listen(RUNS_TOPIC, wakeAll);
      starting = startWorkers(handler, o).catch((err) => o.onError(err));
    },

    stop() {
      // Drain, then close pg-boss; idempotent (the worker command and the runtime both call it).
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(sweepTimer);
        unlisten?.();
        await starting;
        await Promise.all([boss.offWork(RUN_JOBS), boss.offWork(SWEEP_JOBS)]);
        await Promise.allSettled([...active]);
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      })();
      return stopped;
    },
  };
}
