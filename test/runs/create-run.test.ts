// Starting an audit on SQLite (table queue) and on Postgres (pg-boss): the run, its `queued` event,
// its queue delivery and the caller's own writes (`alongside`) commit together; when any of them
// fails, nothing of the run is left behind, not even a pg-boss job.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createRun } from '../../src/runs/create-run.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import type { Store } from '../../src/store/index.js';
import { resetStore, TEST_DATABASE_URL, testDatabases } from '../support/db.js';
import { publicLookup } from '../workspaces/helpers.js';

const bossSchemas = new Set<string>();
afterAll(async () => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const schema of bossSchemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
});

describe.each(testDatabases())('createRun on $name', (database) => {
  let store: Store;
  let rt: Runtime;
  /** Waiting pg-boss jobs for the run (Postgres), or 0 where the runs table is the queue. */
  const jobsFor = async (runId: string) => {
    if (database.name !== 'postgres') return 0;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
    const { rows: n } = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${rows[0].schema}_pgboss.job`)} where singleton_key = ${runId}`.execute(store.db);
    return Number(n[0].n);
  };

  beforeEach(async () => {
    store = await database.open();
    await resetStore(store);
    // DATABASE_URL set with a Postgres store: the runtime uses the pg-boss queue, as in production.
    const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', ...(database.name === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) });
    rt = await createRuntime(config, { store });
    rt.guard.lookupAll = publicLookup;
    if (database.name === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
      bossSchemas.add(`${rows[0].schema}_pgboss`);
    }
  });
  afterEach(async () => {
    await rt.close();
  });

  it('commits the run, its queued event, its delivery and the alongside writes together', async () => {
    let seen = '';
    const created = await createRun(rt, {
      kind: 'audit', trigger: 'api', url: 'https://shop.example/', source: 'test', workspaceId: null, clientIp: null,
      alongside: async (run, tx) => {
        seen = run.id;
        await store.events.append(run.id, 'note', { from: 'alongside' }, new Date(), tx);
      },
    });
    expect(seen).toBe(created.run.id);
    expect(await store.runs.get(created.run.id)).toMatchObject({ status: 'queued', url: 'https://shop.example/' });
    expect((await store.events.list(created.run.id, 0)).map((e) => [e.id, e.type])).toEqual([[1, 'queued'], [2, 'note']]);
    if (database.name === 'postgres') expect(await jobsFor(created.run.id)).toBe(1);
  });

  it('leaves no run, event or job behind when a write in the same transaction fails', async () => {
    let runId = '';
    const refused = new Error('the caller could not link the run');
    await expect(
      createRun(rt, {
        kind: 'audit', trigger: 'api', url: 'https://shop.example/', source: 'test', workspaceId: null, clientIp: null,
        alongside: async (run) => {
          runId = run.id;
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect(runId).not.toBe('');
    expect(await store.runs.get(runId)).toBeUndefined();
    expect(await store.events.list(runId, 0)).toEqual([]);
    expect(await jobsFor(runId)).toBe(0);
    expect(await store.runs.countActive({ anonymousOnly: true })).toBe(0);
  });
});
