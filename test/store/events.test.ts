// Run events on SQLite and Postgres: gap-free per-run ids under concurrent appends, replay after an id,
// live subscriptions, and delivery to a subscriber on another Store instance (NOTIFY on Postgres).
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent, Store } from '../../src/store/index.js';
import { channelName } from '../../src/store/pg-signals.js';
import { at, createTestRun, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-05-05T05:05:05.005Z');

/** Collects events and resolves once `count` have arrived (or rejects after a timeout). */
function collector(count: number, timeoutMs = 5000) {
  const events: RunEvent[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    setTimeout(() => rej(new Error(`received ${events.length} of ${count} events`)), timeoutMs);
  });
  const listener = (e: RunEvent) => {
    events.push(e);
    if (events.length >= count) resolve();
  };
  return { events, listener, done };
}

const databases = testDatabases();

describe.each(databases)('run events on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('numbers each run from 1 and lists after an id, oldest first', async () => {
    const run = await createTestRun(store);
    const otherRun = await createTestRun(store);
    const first = await store.events.append(run.id, 'page', { url: 'https://example.com/', n: 1 }, T0);
    expect(first).toEqual({ id: 1, run_id: run.id, type: 'page', data: { url: 'https://example.com/', n: 1 }, created_at: '2026-05-05T05:05:05.005Z' });
    await store.events.append(run.id, 'page', { n: 2 }, at(T0, 1));
    await store.events.append(run.id, 'done', {}, at(T0, 2));
    expect((await store.events.append(otherRun.id, 'page', {}, T0)).id).toBe(1);

    expect((await store.events.list(run.id, 0)).map((e) => [e.id, e.type])).toEqual([[1, 'page'], [2, 'page'], [3, 'done']]);
    expect((await store.events.list(run.id, 2)).map((e) => e.id)).toEqual([3]);
    expect(await store.events.list(run.id, 3)).toEqual([]);
  });

  it('keeps ids gap-free and unique under 40 concurrent appends from two instances', async () => {
    const run = await createTestRun(store);
    const appended = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? other : store).events.append(run.id, 'tick', { i }, T0)),
    );
    expect(appended.map((e) => e.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const listed = await store.events.list(run.id, 0);
    expect(listed.map((e) => e.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(listed.map((e) => e.data.i))).toHaveProperty('size', 40);
  });

  it('rejects an event for a run that does not exist', async () => {
    await expect(store.events.append('00000000-0000-0000-0000-000000000000', 'x', {}, T0)).rejects.toThrow();
  });

  it('delivers live appends to a subscriber in order, and nothing after unsubscribe', async () => {
    const run = await createTestRun(store);
    const { events, listener, done } = collector(3);
    const unsubscribe = store.events.subscribe(run.id, listener);
    await store.signals.ready();
    for (const n of [1, 2, 3]) await store.events.append(run.id, 'step', { n }, T0);
    await done;
    unsubscribe();
    await store.events.append(run.id, 'step', { n: 4 }, T0);
    await new Promise((r) => setTimeout(r, 100));
    expect(events.map((e) => e.data.n)).toEqual([1, 2, 3]);
  });

  it('replays from afterId then continues live with no gap or duplicate, under concurrent appends', async () => {
    const run = await createTestRun(store);
    for (let i = 1; i <= 5; i++) await store.events.append(run.id, 'old', { i }, T0);
    const { events, listener, done } = collector(28); // ids 3..30
    const unsubscribe = store.events.subscribe(run.id, listener, 2);
    await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? other : store).events.append(run.id, 'new', { i }, T0)));
    await done;
    await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 28 }, (_, i) => i + 3));
  });

  it('keeps delivering to other subscribers when one listener throws', async () => {
    const run = await createTestRun(store);
    const { events, listener, done } = collector(2);
    const offA = store.events.subscribe(run.id, () => {
      throw new Error('socket closed');
    }, 0);
    const offB = store.events.subscribe(run.id, listener, 0);
    await store.events.append(run.id, 'a', {}, T0);
    await store.events.append(run.id, 'b', {}, T0);
    await done;
    offA();
    offB();
    expect(events.map((e) => e.type)).toEqual(['a', 'b']);
  });
});

// Postgres: through LISTEN/NOTIFY, as between processes. SQLite: between instances of one process.
describe.each(databases)('run events across Store instances on $name', (database) => {
  it('reaches a subscriber on another Store instance', async () => {
    const store = await database.open();
    const other = await database.open();
    await resetStore(store);
    const run = await createTestRun(store);
    await store.events.append(run.id, 'before', {}, T0);
    const live = collector(3);
    const replay = collector(4);
    const offLive = other.events.subscribe(run.id, live.listener);
    const offReplay = other.events.subscribe(run.id, replay.listener, 0);
    await other.signals.ready();
    // Appends only through `store`: `other` hears of them solely by NOTIFY.
    for (const n of [1, 2, 3]) await store.events.append(run.id, 'remote', { n }, T0);
    await Promise.all([live.done, replay.done]);
    offLive();
    offReplay();
    expect(live.events.map((e) => [e.id, e.data.n])).toEqual([[2, 1], [3, 2], [4, 3]]);
    expect(replay.events.map((e) => e.type)).toEqual(['before', 'remote', 'remote', 'remote']);
  });
});

describe('run events when the LISTEN session drops on postgres', () => {
  it('listens again and delivers what was appended meanwhile', async () => {
    const postgres = databases.find((d) => d.name === 'postgres')!;
    const store = await postgres.open();
    const other = await postgres.open();
    const run = await createTestRun(store);
    const { events, listener, done } = collector(3, 10_000);
    other.events.subscribe(run.id, listener, 0);
    await other.signals.ready();
    await store.events.append(run.id, 'before', {}, T0);

    // Kill every LISTEN session on this schema's event channel, as a server restart or network cut would.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
    const killed = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where query = ${`LISTEN "${channelName(rows[0].schema, 'run_events')}"`}`.execute(store.db);
    expect(killed.rows.length).toBeGreaterThan(0);
    await store.events.append(run.id, 'during', {}, T0);
    await store.events.append(run.id, 'after', {}, T0);
    await done;
    expect(events.map((e) => e.type)).toEqual(['before', 'during', 'after']);
  });
});
