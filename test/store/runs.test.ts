// Runs repository on SQLite and Postgres: create/get round trips, share tokens, listing order, counts.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { at, createTestRun, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-11-22T02:28:02.123Z');
const databases = testDatabases();

describe.each(databases)('runs repository on $name', (database) => {
  let store: Store;
  beforeEach(async () => {
    store ??= await database.open();
    await resetStore(store);
  });

  it('creates a queued run and reads it back field for field', async () => {
    const id = randomUUID();
    const created = await store.runs.create({
      id,
      url: 'https://example.com/pricing?x=1',
      source: 'hn',
      workspace_id: 'ws-1',
      share_token: 'tok-create',
      client_ip: '203.0.113.9',
      options: { max_pages: 5, nested: { a: [1, 'two'] } },
      trigger: 'api',
      now: T0,
    });
    expect(created).toEqual({
      id,
      kind: 'audit',
      url: 'https://example.com/pricing?x=1',
      status: 'queued',
      failure_reason: null,
      source: 'hn',
      workspace_id: 'ws-1',
      monitor_id: null,
      share_token: 'tok-create',
      client_ip: '203.0.113.9',
      options: { max_pages: 5, nested: { a: [1, 'two'] } },
      attempts: 0,
      created_at: '2026-11-22T02:28:02.123Z',
      started_at: null,
      finished_at: null,
      lease_owner: null,
      trigger: 'api',
      lease_expires_at: null,
    });
    expect(await store.runs.get(id)).toEqual(created);
    expect(await store.runs.getByShareToken('tok-create')).toEqual(created);
  });

  it('keeps kind and monitor_id for later run kinds, and defaults options to {}', async () => {
    const run = await createTestRun(store, { kind: 'monitor', monitor_id: 'mon-1' });
    expect(await store.runs.get(run.id)).toMatchObject({ kind: 'monitor', monitor_id: 'mon-1', options: {} });
  });

  it('answers undefined for unknown ids and tokens', async () => {
    await createTestRun(store);
    expect(await store.runs.get(randomUUID())).toBeUndefined();
    expect(await store.runs.getByShareToken('no-such-token')).toBeUndefined();
  });

  it('refuses a second run with the same share token', async () => {
    await createTestRun(store, { share_token: 'dup' });
    await expect(createTestRun(store, { share_token: 'dup' })).rejects.toThrow();
  });

  it('lists a workspace newest first, up to the limit, and only that workspace', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createTestRun(store, { workspace_id: 'ws-a', now: at(T0, i * 1000) })).id);
    await createTestRun(store, { workspace_id: 'ws-b', now: at(T0, 10_000) });
    await createTestRun(store, { workspace_id: null, now: at(T0, 20_000) });

    const listed = await store.runs.list({ workspace_id: 'ws-a', limit: 3 });
    expect(listed.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect((await store.runs.list({ workspace_id: 'ws-a', limit: 100 })).map((r) => r.id)).toEqual([...ids].reverse());
    expect(await store.runs.list({ workspace_id: 'ws-none', limit: 10 })).toEqual([]);
  });

  it('counts queued and running runs, all or anonymous only', async () => {
    const anonQueued = await createTestRun(store);
    await createTestRun(store, { now: at(T0, 1) });
    await createTestRun(store, { workspace_id: 'ws-a', now: at(T0, 2) });
    const finished = await createTestRun(store, { now: at(T0, 3) });
    await store.runs.finish(finished.id, { status: 'succeeded', failure_reason: null }, at(T0, 4));
    const claimed = await store.runs.claimNext('w', 60_000, at(T0, 5));
    expect(claimed?.id).toBe(anonQueued.id);

    expect(await store.runs.countActive({ anonymousOnly: false })).toBe(3);
    expect(await store.runs.countActive({ anonymousOnly: true })).toBe(2);
    // Bounded: enough to tell whether a pool of that size is full, without counting past it.
    expect(await store.runs.countActive({ anonymousOnly: false, upTo: 2 })).toBe(2);
    expect(await store.runs.countActive({ anonymousOnly: false, upTo: 5 })).toBe(3);
  });
});

describe('rows read back identically on both dialects', () => {
  it('gives the same run row from SQLite and Postgres for the same input', async () => {
    const rows = [];
    for (const database of databases) {
      const store = await database.open();
      await resetStore(store);
      const id = '6a1f4a4e-7c7e-4c3c-9a43-2f0d6c1f0a11';
      await store.runs.create({
        id, url: 'https://example.com/ü?q=ä', source: null, workspace_id: null, share_token: 'same',
        client_ip: '::1', options: { float: 1.5, flag: true, none: null }, now: T0,
      });
      await store.runs.claimNext('worker-1', 30_000, at(T0, 250));
      await store.runs.finish(id, { status: 'timeout', failure_reason: 'deadline' }, at(T0, 9_000));
      rows.push(await store.runs.get(id));
    }
    expect(rows[0]).toBeDefined();
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]?.started_at).toBe('2026-11-22T02:28:02.373Z');
  });
});
