// Runs as a queue on SQLite and Postgres: claim order and exclusivity, lease renewal, finishing once,
// and the sweep of runs whose worker stopped renewing.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { at, createTestRun, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const LEASE = 30_000;

describe.each(testDatabases())('run leases on $name', (database) => {
  let store: Store;
  let other: Store; // a second instance with its own connections, as another process would have
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('claims the oldest queued run and records the lease', async () => {
    const newer = await createTestRun(store, { now: at(T0, 500) });
    const older = await createTestRun(store, { now: T0 });
    const claimed = await store.runs.claimNext('worker-a', LEASE, at(T0, 1000));
    expect(claimed).toMatchObject({
      id: older.id,
      status: 'running',
      attempts: 1,
      started_at: '2026-03-01T12:00:01.000Z',
      lease_owner: 'worker-a',
      lease_expires_at: '2026-03-01T12:00:31.000Z',
    });
    expect((await store.runs.claimNext('worker-a', LEASE, at(T0, 1000)))?.id).toBe(newer.id);
    expect(await store.runs.claimNext('worker-a', LEASE, at(T0, 1000))).toBeUndefined();
  });

  it('claims one named run only while it is queued, once across racing claimers', async () => {
    const run = await createTestRun(store, { now: T0 });
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).runs.claim(run.id, `worker-${i}`, LEASE, at(T0, 1000))));
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id: run.id, status: 'running', attempts: 1, lease_expires_at: '2026-03-01T12:00:31.000Z' });
    expect(await store.runs.claim(run.id, 'late', LEASE, at(T0, 2000))).toBeUndefined(); // a duplicate delivery
    expect(await store.runs.claim('00000000-0000-4000-8000-000000000000', 'w', LEASE, T0)).toBeUndefined();
  });

  it('never gives one run to two claimers: 20 concurrent claims on 5 runs over two instances', async () => {
    const runs = await Promise.all([0, 1, 2, 3, 4].map((i) => createTestRun(store, { now: at(T0, i) })));
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).runs.claimNext(`worker-${i}`, LEASE, at(T0, 100))),
    );
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(5);
    expect(new Set(won.map((c) => c!.id))).toEqual(new Set(runs.map((r) => r.id)));
    for (const c of won) {
      const row = await store.runs.get(c!.id);
      expect(row).toMatchObject({ status: 'running', attempts: 1, lease_owner: c!.lease_owner });
    }
  });

  it('renews only for the owning worker and only while running', async () => {
    const run = await createTestRun(store);
    await store.runs.claimNext('worker-a', LEASE, T0);
    expect(await store.runs.renewLease(run.id, 'worker-b', LEASE, at(T0, 10_000))).toBe(false);
    expect(await other.runs.renewLease(run.id, 'worker-a', LEASE, at(T0, 10_000))).toBe(true);
    expect((await store.runs.get(run.id))?.lease_expires_at).toBe('2026-03-01T12:00:40.000Z');

    await store.runs.finish(run.id, { status: 'succeeded', failure_reason: null }, at(T0, 20_000));
    expect(await store.runs.renewLease(run.id, 'worker-a', LEASE, at(T0, 21_000))).toBe(false);
  });

  it('finishes a run once; later finishes and unknown runs answer false', async () => {
    const run = await createTestRun(store);
    await store.runs.claimNext('worker-a', LEASE, T0);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : store).runs.finish(run.id, { status: i < 4 ? 'failed' : 'succeeded', failure_reason: `r${i}` }, at(T0, 5000)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await store.runs.get(run.id);
    expect(row).toMatchObject({ finished_at: '2026-03-01T12:00:05.000Z', lease_owner: null, lease_expires_at: null });
    expect(['failed', 'succeeded']).toContain(row!.status);
    expect(await store.runs.finish(run.id, { status: 'timeout', failure_reason: null }, at(T0, 6000))).toBe(false);
    expect(await store.runs.finish('00000000-0000-0000-0000-000000000000', { status: 'failed', failure_reason: null }, T0)).toBe(false);
  });

  it('finishes a run straight from queued (blocked before any worker took it), which then is never claimed', async () => {
    const run = await createTestRun(store);
    expect(await store.runs.finish(run.id, { status: 'blocked', failure_reason: 'robots' }, T0)).toBe(true);
    expect(await store.runs.claimNext('worker-a', LEASE, T0)).toBeUndefined();
    expect(await store.runs.get(run.id)).toMatchObject({ status: 'blocked', failure_reason: 'robots', attempts: 0 });
  });

  it('sweeps only expired leases: requeues under maxAttempts, then fails with the attempt count', async () => {
    const lost = await createTestRun(store, { now: T0 });
    const alive = await createTestRun(store, { now: at(T0, 1) });
    await store.runs.claimNext('worker-dead', 1000, T0);
    await store.runs.claimNext('worker-alive', 1000, T0);
    expect(await store.runs.renewLease(alive.id, 'worker-alive', 60_000, at(T0, 900))).toBe(true);

    expect(await store.runs.sweepExpired(at(T0, 1000), 2)).toEqual({ requeued: [], failed: [] }); // not yet past expiry
    const first = await store.runs.sweepExpired(at(T0, 1001), 2);
    expect(first.failed).toEqual([]);
    expect(first.requeued.map((r) => r.id)).toEqual([lost.id]);
    expect(first.requeued[0]).toMatchObject({ status: 'queued', attempts: 1, lease_owner: null, lease_expires_at: null });
    expect((await store.runs.get(alive.id))?.status).toBe('running');

    // A renewal by the worker that lost the run no longer succeeds; the retry goes to another worker.
    expect(await store.runs.renewLease(lost.id, 'worker-dead', 1000, at(T0, 1002))).toBe(false);
    const retry = await store.runs.claimNext('worker-b', 1000, at(T0, 2000));
    expect(retry).toMatchObject({ id: lost.id, attempts: 2, started_at: '2026-03-01T12:00:02.000Z' });

    const second = await other.runs.sweepExpired(at(T0, 3001), 2);
    expect(second.requeued).toEqual([]);
    expect(second.failed).toHaveLength(1);
    expect(second.failed[0]).toMatchObject({
      id: lost.id,
      status: 'failed',
      failure_reason: "worker lost: the run's lease expired 2 times",
      finished_at: '2026-03-01T12:00:03.001Z',
      lease_owner: null,
    });
    expect(await store.runs.finish(lost.id, { status: 'succeeded', failure_reason: null }, at(T0, 4000))).toBe(false);
  });

  it('lets concurrent sweepers act on an expired run only once', async () => {
    await createTestRun(store);
    await store.runs.claimNext('worker-dead', 1000, T0);
    const sweeps = await Promise.all([store, other, store, other].map((s) => s.runs.sweepExpired(at(T0, 5000), 3)));
    expect(sweeps.flatMap((s) => s.requeued)).toHaveLength(1);
    expect(sweeps.flatMap((s) => s.failed)).toHaveLength(0);
  });
});
