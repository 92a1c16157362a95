// The durable job table on SQLite and Postgres: due order, one claimer per job across two store
// instances, lease expiry re-claims a job whose runner died, postpone keeps the attempt budget.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { at, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-09-01T00:00:00.000Z');

describe.each(testDatabases())('jobs on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('claims due jobs only, oldest due first, and schedules each id once', async () => {
    await store.jobs.schedule({ id: 'b', kind: 'k', payload: { n: 2 }, runAt: at(T0, 2000), now: T0 });
    await store.jobs.schedule({ id: 'a', kind: 'k', payload: { n: 1 }, runAt: at(T0, 1000), now: T0 });
    await store.jobs.schedule({ id: 'a', kind: 'k', payload: { n: 99 }, runAt: T0, now: T0 });
    await store.jobs.schedule({ id: 'later', kind: 'k', payload: {}, runAt: at(T0, 60_000), now: T0 });
    const claimed = await store.jobs.claimDue(at(T0, 5000), 60_000, 10);
    expect(claimed.map((j) => [j.id, j.payload, j.attempts])).toEqual([['a', { n: 1 }, 1], ['b', { n: 2 }, 1]]);
  });

  it('gives each of 20 jobs to exactly one of two concurrent claimers', async () => {
    for (let i = 0; i < 20; i++) await store.jobs.schedule({ id: `j${i}`, kind: 'k', payload: {}, runAt: T0, now: T0 });
    const [x, y] = await Promise.all([store.jobs.claimDue(T0, 60_000, 20), other.jobs.claimDue(T0, 60_000, 20)]);
    const ids = [...x, ...y].map((j) => j.id).sort();
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `j${i}`).sort());
  });

  it('re-claims a job whose lease lapsed, and never a completed or failed one', async () => {
    await store.jobs.schedule({ id: 'crash', kind: 'k', payload: {}, runAt: T0, now: T0 });
    await store.jobs.schedule({ id: 'ok', kind: 'k', payload: {}, runAt: T0, now: T0 });
    await store.jobs.schedule({ id: 'bad', kind: 'k', payload: {}, runAt: T0, now: T0 });
    await store.jobs.claimDue(T0, 60_000, 10);
    await store.jobs.complete('ok');
    await store.jobs.fail('bad', 'boom');
    expect(await other.jobs.claimDue(at(T0, 59_000), 60_000, 10)).toEqual([]);
    const again = await other.jobs.claimDue(at(T0, 60_000), 60_000, 10);
    expect(again.map((j) => [j.id, j.attempts])).toEqual([['crash', 2]]);
    expect((await store.jobs.get('bad'))).toMatchObject({ state: 'failed', last_error: 'boom' });
  });

  it('retries at the given time keeping the attempt count, postpones without using an attempt', async () => {
    await store.jobs.schedule({ id: 'r', kind: 'k', payload: {}, runAt: T0, now: T0 });
    await store.jobs.claimDue(T0, 60_000, 10);
    await store.jobs.retry('r', at(T0, 30_000), 'receiver answered 500');
    expect(await store.jobs.claimDue(at(T0, 29_000), 60_000, 10)).toEqual([]);
    const [second] = await store.jobs.claimDue(at(T0, 30_000), 60_000, 10);
    expect(second).toMatchObject({ attempts: 2, last_error: 'receiver answered 500' });
    await store.jobs.postpone('r', at(T0, 90_000));
    const [third] = await store.jobs.claimDue(at(T0, 90_000), 60_000, 10);
    expect(third!.attempts).toBe(2);
  });
});
