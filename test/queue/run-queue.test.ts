// One run queue contract, every adapter: the table queue on SQLite and Postgres, the pg-boss queue on
// Postgres. Every run handled exactly once with bounded concurrency, drain on stop, runs surviving a
// restart or a lost enqueue, leases kept and lost, crashed workers swept, wake-ups across processes.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTableQueue, LeaseLostError, UNFINISHED_RUN_REASON, type RunQueue } from '../../src/queue/index.js';
import { createPgBossQueue } from '../../src/queue/pgboss-queue.js';
import type { RunRow, Store } from '../../src/store/index.js';
import { createTestRun, resetStore, TEST_DATABASE_URL, testDatabases, type TestDatabase } from '../support/db.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const succeed = (store: Store) => async (run: RunRow) => {
  await store.runs.finish(run.id, { status: 'succeeded', failure_reason: null }, new Date());
};

interface Adapter {
  name: string;
  database: TestDatabase;
  create(store: Store): Promise<RunQueue>;
  /** Deliveries of the run waiting for a worker (the queued row itself, or pg-boss jobs). */
  waiting(store: Store, runId: string): Promise<number>;
}

const queuedRows = async (s: Store, runId: string) => ((await s.runs.get(runId))?.status === 'queued' ? 1 : 0);
const bossSchemaOf = async (s: Store) => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
  return `${rows[0].schema}_pgboss`;
};

const [sqlite, postgres] = testDatabases();
const bossSchemas = new Set<string>();
const adapters: Adapter[] = [
  { name: 'table queue on sqlite', database: sqlite, create: async (s) => createTableQueue(s), waiting: queuedRows },
  { name: 'table queue on postgres', database: postgres, create: async (s) => createTableQueue(s), waiting: queuedRows },
  {
    name: 'pg-boss queue on postgres',
    database: postgres,
    async create(s) {
      bossSchemas.add(await bossSchemaOf(s));
      return createPgBossQueue(s, { connectionString: TEST_DATABASE_URL });
    },
    async waiting(s, runId) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${await bossSchemaOf(s)}.job`)}
        where singleton_key = ${runId} and state in ('created', 'retry')`.execute(s.db);
      return Number(rows[0].n);
    },
  },
];

afterAll(async () => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const schema of bossSchemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
});

describe.each(adapters)('$name', ({ database, create, waiting }) => {
  let store: Store;
  let other: Store;
  const started: RunQueue[] = [];
  const queue = async (s: Store) => {
    const q = await create(s);
    started.push(q);
    return q;
  };
  /** A queued run, enqueued as the API does (the contract: enqueue right after creating the run). */
  let sender: RunQueue | null = null;
  const submit = async (s: Store, input: Parameters<typeof createTestRun>[1] = {}) => {
    const run = await createTestRun(s, input);
    sender ??= await queue(store);
    await sender.enqueue(run.id);
    return run;
  };
  const allDone = (ids: string[]) =>
    waitFor(async () => {
      const rows = await Promise.all(ids.map((id) => store.runs.get(id)));
      return rows.every((r) => r && r.status !== 'queued' && r.status !== 'running') && rows;
    });

  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });
  afterEach(async () => {
    sender = null;
    await Promise.all(started.splice(0).map((q) => q.stop()));
  });

  it('handles each of 12 runs exactly once across two workers, at most 3 at a time per worker', async () => {
    const runs = [];
    for (let i = 0; i < 12; i++) runs.push(await submit(store, { now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
    const handled: string[] = [];
    const peak = { a: 0, b: 0 };
    const worker = async (s: Store, name: 'a' | 'b') => {
      let inFlight = 0;
      (await queue(s)).start(async (run) => {
        peak[name] = Math.max(peak[name], ++inFlight);
        handled.push(run.id);
        await sleep(40);
        await s.runs.finish(run.id, { status: 'succeeded', failure_reason: null }, new Date());
        inFlight--;
      }, { concurrency: 3, workerId: `worker-${name}`, leaseMs: 5000, pollMs: 50 });
    };
    await worker(store, 'a');
    await worker(other, 'b');
    const rows = await allDone(runs.map((r) => r.id));
    expect([...handled].sort()).toEqual(runs.map((r) => r.id).sort());
    expect(rows.every((r) => r!.status === 'succeeded' && r!.attempts === 1)).toBe(true);
    expect(Math.max(peak.a, peak.b)).toBeGreaterThan(1);
    expect(Math.max(peak.a, peak.b)).toBeLessThanOrEqual(3);
  });

  it('drains on stop: waits for the running handler, then claims nothing more', async () => {
    const run = await submit(store);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered = false;
    const q = await queue(store);
    q.start(async (r) => {
      entered = true;
      await gate;
      await succeed(store)(r);
    }, { concurrency: 2, workerId: 'w', leaseMs: 5000, pollMs: 20 });
    await waitFor(async () => entered);

    let stopped = false;
    const stopping = q.stop().then(() => (stopped = true));
    await sleep(50); // a claim already in flight when stop() came may still land (and is drained): let it
    const late = await createTestRun(store);
    await q.enqueue(late.id);
    await sleep(150);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await store.runs.get(run.id))?.status).toBe('succeeded');
    await sleep(100);
    expect((await store.runs.get(late.id))?.status).toBe('queued');
  });

  it('picks up runs left queued by a previous process after a restart', async () => {
    const first = await database.open();
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const run = await createTestRun(first);
      const q = await create(first);
      await q.enqueue(run.id); // nobody is listening
      await q.stop();
      ids.push(run.id);
    }
    await first.close();
    const restarted = await database.open();
    (await queue(restarted)).start(succeed(restarted), { concurrency: 2, workerId: 'after-restart', leaseMs: 5000, pollMs: 50 });
    const rows = await allDone(ids);
    expect(rows.map((r) => r!.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('fails a run whose handler returned or threw without finishing it', async () => {
    const quiet = await submit(store, { now: new Date('2026-01-01T00:00:00.000Z') });
    const broken = await submit(store, { now: new Date('2026-01-01T00:00:01.000Z') });
    const errors: unknown[] = [];
    (await queue(store)).start(async (run) => {
      if (run.id === broken.id) throw new Error('boom');
    }, { concurrency: 2, workerId: 'w', leaseMs: 5000, pollMs: 50, onError: (e) => errors.push(e) });
    const rows = await allDone([quiet.id, broken.id]);
    for (const row of rows) expect(row).toMatchObject({ status: 'failed', failure_reason: UNFINISHED_RUN_REASON });
    expect(errors).toHaveLength(1);
    const events = await waitFor(async () => {
      const listed = await store.events.list(quiet.id, 0);
      return listed.length > 0 && listed;
    });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['end', { status: 'failed', failure_reason: UNFINISHED_RUN_REASON, report_url: `/r/${quiet.share_token}` }],
    ]);
  });

  it('requeues the run of a crashed worker once its lease expires, then runs it again', async () => {
    const run = await createTestRun(store);
    expect((await store.runs.claimNext('crashed-worker', 200, new Date()))?.id).toBe(run.id);
    (await queue(other)).start(succeed(other), { concurrency: 1, workerId: 'rescuer', leaseMs: 200, pollMs: 50, maxAttempts: 2 });
    const [row] = await allDone([run.id]);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await store.events.list(run.id, 0)).map((e) => e.type)).toEqual(['requeued']);
  });

  it('fails the run of a crashed worker when it has used up its attempts', async () => {
    const run = await createTestRun(store);
    await store.runs.claimNext('crashed-worker', 100, new Date());
    (await queue(other)).start(succeed(other), { concurrency: 1, workerId: 'rescuer', leaseMs: 200, pollMs: 50, maxAttempts: 1 });
    const [row] = await allDone([run.id]);
    expect(row).toMatchObject({ status: 'failed', failure_reason: "worker lost: the run's lease expired 1 times" });
    const events = await waitFor(async () => {
      const listed = await store.events.list(run.id, 0);
      return listed.length > 0 && listed;
    });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['end', { status: 'failed', failure_reason: row!.failure_reason, report_url: `/r/${run.share_token}` }],
    ]);
  });

  it('keeps renewing the lease of a long handler, so a sweeping worker never steals the run', async () => {
    const run = await submit(store);
    const handledBy: string[] = [];
    const slow = (s: Store, id: string) => async (r: RunRow) => {
      handledBy.push(id);
      await sleep(1200);
      await s.runs.finish(r.id, { status: 'succeeded', failure_reason: null }, new Date());
    };
    (await queue(store)).start(slow(store, 'a'), { concurrency: 1, workerId: 'a', leaseMs: 300, pollMs: 30 });
    await waitFor(async () => handledBy.length > 0);
    (await queue(other)).start(slow(other, 'b'), { concurrency: 1, workerId: 'b', leaseMs: 300, pollMs: 30 });
    const [row] = await allDone([run.id]);
    expect(handledBy).toEqual(['a']);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('aborts the handler when its lease is lost, and leaves the run as the new owner set it', async () => {
    const run = await submit(store);
    let reason: unknown;
    (await queue(store)).start(async (_r, ctx) => {
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
      reason = ctx.signal.reason;
    }, { concurrency: 1, workerId: 'w', leaseMs: 150, pollMs: 30 });
    await waitFor(async () => (await store.runs.get(run.id))?.status === 'running');
    await other.runs.finish(run.id, { status: 'blocked', failure_reason: 'cancelled' }, new Date());
    await waitFor(async () => reason !== undefined);
    expect(reason).toBeInstanceOf(LeaseLostError);
    await sleep(100);
    expect(await store.runs.get(run.id)).toMatchObject({ status: 'blocked', failure_reason: 'cancelled' });
  });

  it('wakes an idle worker on enqueue instead of waiting for the next poll', async () => {
    const handled: string[] = [];
    (await queue(store)).start(async (run) => {
      handled.push(run.id);
      await succeed(store)(run);
    }, { concurrency: 1, workerId: 'idle', leaseMs: 5000, pollMs: 60_000 });
    await store.signals.ready();
    await sleep(100); // the worker has polled once, found nothing, and sleeps for a minute
    // The enqueue comes from another Store instance, as from an API node (Postgres: via NOTIFY).
    const api = other;
    const apiQueue = await queue(api);
    const run = await createTestRun(api);
    const t = Date.now();
    await apiQueue.enqueue(run.id);
    await waitFor(async () => handled.length === 1, 3000);
    expect(Date.now() - t).toBeLessThan(3000);
  });
  it('runs a queued run whose enqueue was lost (the API died between the insert and the send)', async () => {
    const run = await createTestRun(store); // no enqueue
    (await queue(other)).start(succeed(other), { concurrency: 1, workerId: 'w', leaseMs: 400, pollMs: 50 });
    const [row] = await allDone([run.id]);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('runs a run once when it is enqueued twice', async () => {
    const run = await submit(store);
    await (await queue(store)).enqueue(run.id);
    let calls = 0;
    (await queue(other)).start(async (r) => {
      calls++;
      await succeed(other)(r);
    }, { concurrency: 2, workerId: 'w', leaseMs: 2000, pollMs: 50 });
    await allDone([run.id]);
    await sleep(700); // a second delivery, if any, would be fetched by now
    expect(calls).toBe(1);
  });

  it('creates the run and its delivery in one transaction: both commit, or neither', async () => {
    const q = await queue(store);
    const refused = new Error('refused after the enqueue');
    let rolledBack = '';
    await expect(
      store.transaction(async (tx) => {
        const run = await createTestRun(store, {}, tx);
        await q.enqueue(run.id, tx);
        rolledBack = run.id;
        throw refused; // e.g. the request fails after the enqueue: the delivery must not survive
      }),
    ).rejects.toBe(refused);
    expect(await store.runs.get(rolledBack)).toBeUndefined();
    expect(await waiting(store, rolledBack)).toBe(0);

    const committed = await store.transaction(async (tx) => {
      const run = await createTestRun(store, {}, tx);
      await q.enqueue(run.id, tx);
      return run;
    });
    expect(await waiting(store, committed.id)).toBe(1);
    const handled: string[] = [];
    (await queue(other)).start(async (r) => {
      handled.push(r.id);
      await succeed(other)(r);
    }, { concurrency: 1, workerId: 'w', leaseMs: 2000, pollMs: 50 });
    const [row] = await allDone([committed.id]);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    await sleep(300);
    expect(handled).toEqual([committed.id]);
  });

  it('wakes an idle worker only once the creating transaction commits', async () => {
    const handled: string[] = [];
    (await queue(store)).start(async (run) => {
      handled.push(run.id);
      await succeed(store)(run);
    }, { concurrency: 1, workerId: 'idle', leaseMs: 5000, pollMs: 60_000 });
    await store.signals.ready();
    await sleep(100); // polled once, found nothing, asleep for a minute: only a wake-up brings it back
    const apiQueue = await queue(other);
    const t = Date.now();
    const run = await other.transaction(async (tx) => {
      const created = await createTestRun(other, {}, tx);
      await apiQueue.enqueue(created.id, tx);
      await sleep(200); // a wake-up sent before the commit would find nothing to claim
      return created;
    });
    await waitFor(async () => handled.length === 1, 3000);
    expect(handled).toEqual([run.id]);
    expect(Date.now() - t).toBeLessThan(3000);
  });
});
