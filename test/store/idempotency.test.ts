// Idempotency keys on SQLite and Postgres: first request wins, replays return the stored response,
// abandoned and expired keys are free again, and concurrent first requests let exactly one through.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { at, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-07-01T00:00:00.000Z');
const HOUR = 3_600_000;

describe.each(testDatabases())('idempotency keys on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('answers new, then pending while in flight, then done with the stored response', async () => {
    expect(await store.idempotency.begin('audits', 'k1', 'hash-a', T0)).toEqual({ state: 'new' });
    expect(await store.idempotency.begin('audits', 'k1', 'hash-a', at(T0, 1000))).toEqual({ state: 'pending' });
    await store.idempotency.complete('audits', 'k1', 202, '{"run_id":"r"}', { 'content-type': 'application/json', location: '/x' });
    expect(await other.idempotency.begin('audits', 'k1', 'hash-b', at(T0, 2000))).toEqual({
      state: 'done',
      request_hash: 'hash-a',
      status: 202,
      body: '{"run_id":"r"}',
      headers: { 'content-type': 'application/json', location: '/x' },
    });
  });

  it('keeps scopes apart: the same key in another scope (workspace) is new', async () => {
    await store.idempotency.begin('ws-1', 'same', 'h', T0);
    expect(await store.idempotency.begin('ws-2', 'same', 'h', T0)).toEqual({ state: 'new' });
  });

  it('frees a pending key on abandon, but never a completed one', async () => {
    await store.idempotency.begin('s', 'k', 'h', T0);
    await store.idempotency.abandon('s', 'k');
    expect(await store.idempotency.begin('s', 'k', 'h2', T0)).toEqual({ state: 'new' });
    await store.idempotency.complete('s', 'k', 201, 'ok', {});
    await store.idempotency.abandon('s', 'k');
    expect(await store.idempotency.begin('s', 'k', 'h3', T0)).toMatchObject({ state: 'done', request_hash: 'h2', status: 201 });
  });

  it('replays for 24 hours, then treats the key as absent and starts over', async () => {
    await store.idempotency.begin('s', 'k', 'h', T0);
    await store.idempotency.complete('s', 'k', 202, 'first', {});
    expect(await store.idempotency.begin('s', 'k', 'h', at(T0, 24 * HOUR))).toMatchObject({ state: 'done', body: 'first' });
    expect(await store.idempotency.begin('s', 'k', 'h', at(T0, 24 * HOUR + 1))).toEqual({ state: 'new' });
    expect(await store.idempotency.begin('s', 'k', 'h', at(T0, 24 * HOUR + 2))).toEqual({ state: 'pending' });
  });

  it('prunes expired keys of every scope, not only the one asked about', async () => {
    await store.idempotency.begin('old', 'k', 'h', T0);
    await store.idempotency.complete('old', 'k', 200, 'x', {});
    await store.idempotency.begin('new', 'k', 'h', at(T0, 25 * HOUR));
    const rows = await store.db.selectFrom('idempotency_keys').select(['scope']).execute();
    expect(rows.map((r) => r.scope)).toEqual(['new']);
  });

  it('frees a key left pending by a request that died (after 10 minutes)', async () => {
    await store.idempotency.begin('s', 'k', 'h', T0);
    expect(await store.idempotency.begin('s', 'k', 'h', at(T0, 9 * 60_000))).toEqual({ state: 'pending' });
    expect(await store.idempotency.begin('s', 'k', 'h', at(T0, 10 * 60_000 + 1))).toEqual({ state: 'new' });
  });

  it('lets exactly one of 12 concurrent first requests through', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).idempotency.begin('audits', 'race', 'h', T0)),
    );
    expect(results.filter((r) => r.state === 'new')).toHaveLength(1);
    expect(results.filter((r) => r.state === 'pending')).toHaveLength(11);
  });
});
