// Rate-limit windows on SQLite and Postgres: fixed epoch-aligned windows, per-bucket counts that stay
// exact under concurrent hits from two instances, and pruning of ended windows.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { at, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-07-01T10:00:00.000Z'); // aligned to a 60 s and a 3600 s window

describe.each(testDatabases())('rate limits on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('counts hits within a window and reports when it resets', async () => {
    expect(await store.rateLimits.hit('ip:1', 60, at(T0, 5_000))).toEqual({ count: 1, resetAt: new Date('2026-07-01T10:01:00.000Z') });
    expect(await other.rateLimits.hit('ip:1', 60, at(T0, 59_999))).toEqual({ count: 2, resetAt: new Date('2026-07-01T10:01:00.000Z') });
  });

  it('starts a new window at the boundary', async () => {
    await store.rateLimits.hit('ip:1', 60, at(T0, 1000));
    await store.rateLimits.hit('ip:1', 60, at(T0, 2000));
    expect(await store.rateLimits.hit('ip:1', 60, at(T0, 60_000))).toEqual({ count: 1, resetAt: new Date('2026-07-01T10:02:00.000Z') });
  });

  it('keeps buckets apart', async () => {
    await store.rateLimits.hit('ip:1', 3600, T0);
    await store.rateLimits.hit('ip:1', 3600, T0);
    expect((await store.rateLimits.hit('ip:2', 3600, T0)).count).toBe(1);
    expect((await store.rateLimits.hit('ip:1', 3600, T0)).count).toBe(3);
  });

  it('gives 30 concurrent hits from two instances the counts 1 to 30', async () => {
    const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : store).rateLimits.hit('hot', 60, T0)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('prunes windows that have ended', async () => {
    await store.rateLimits.hit('a', 60, T0);
    await store.rateLimits.hit('b', 3600, T0);
    await store.rateLimits.hit('c', 60, at(T0, 120_000));
    const rows = await store.db.selectFrom('rate_limits').select(['bucket']).orderBy('bucket').execute();
    expect(rows.map((r) => r.bucket)).toEqual(['b', 'c']);
  });
});
