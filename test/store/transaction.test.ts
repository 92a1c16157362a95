// store.transaction on SQLite and Postgres: writes land together or not at all; the signals and
// afterCommit hooks promised inside go out only after the commit (a listener woken earlier would
// re-read and find nothing), and never after a rollback; events appended inside reach subscribers.
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent, Store } from '../../src/store/index.js';
import { createTestRun, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-08-08T08:08:08.008Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabases())('store.transaction on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  it('sends its signals and runs its hooks after the commit, when the rows are readable', async () => {
    const heard: Array<{ payload: string; visible: boolean }> = [];
    other.signals.listen('tx-test', (payload) => {
      // What a real receiver does on a signal: re-read. Recorded once the read returns.
      void other.runs.get(payload).then((row) => heard.push({ payload, visible: row !== undefined }));
    });
    await other.signals.ready();
    const hooks: Array<{ visible: boolean }> = [];
    const run = await store.transaction(async (tx) => {
      const created = await createTestRun(store, {}, tx);
      tx.notify('tx-test', created.id);
      tx.afterCommit(() => void store.runs.get(created.id).then((row) => hooks.push({ visible: row !== undefined })));
      await sleep(150); // a signal sent before the commit would be heard (and read nothing) meanwhile
      expect(heard).toEqual([]);
      expect(hooks).toEqual([]);
      return created;
    });
    for (let i = 0; i < 100 && (heard.length === 0 || hooks.length === 0); i++) await sleep(20);
    expect(heard).toEqual([{ payload: run.id, visible: true }]);
    expect(hooks).toEqual([{ visible: true }]);
  });

  it('keeps nothing, sends no signal and runs no hook when the work throws', async () => {
    const heard: string[] = [];
    other.signals.listen('tx-test-2', (payload) => heard.push(payload));
    await other.signals.ready();
    let hookRan = false;
    let runId = '';
    const boom = new Error('refused');
    await expect(
      store.transaction(async (tx) => {
        const run = await createTestRun(store, {}, tx);
        runId = run.id;
        await store.events.appendFirst(run.id, 'queued', { run_id: run.id }, T0, tx);
        tx.notify('tx-test-2', run.id);
        tx.afterCommit(() => (hookRan = true));
        throw boom;
      }),
    ).rejects.toBe(boom);
    await sleep(300);
    expect(await store.runs.get(runId)).toBeUndefined();
    expect(await store.events.list(runId, 0)).toEqual([]);
    expect(heard).toEqual([]);
    expect(hookRan).toBe(false);
  });

  it('delivers events appended inside to subscribers in this and other stores, once committed', async () => {
    const run = await createTestRun(store);
    const here: RunEvent[] = [];
    const there: RunEvent[] = [];
    const stopHere = store.events.subscribe(run.id, (e) => here.push(e), 0);
    const stopThere = other.events.subscribe(run.id, (e) => there.push(e), 0);
    await other.signals.ready();
    await store.transaction(async (tx) => {
      await store.events.append(run.id, 'page', { n: 1 }, T0, tx);
      await store.events.append(run.id, 'page', { n: 2 }, T0, tx);
    });
    for (let i = 0; i < 100 && (here.length < 2 || there.length < 2); i++) await sleep(20);
    stopHere();
    stopThere();
    expect(here.map((e) => [e.id, e.data.n])).toEqual([[1, 1], [2, 2]]);
    expect(there.map((e) => [e.id, e.data.n])).toEqual([[1, 1], [2, 2]]);
  });
});
