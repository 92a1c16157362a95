// Stores for the repository and queue suites on both dialects: SQLite in a temp file, Postgres in a
// schema created for the calling test file and dropped after it. Call testDatabases() once per file.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openStore, type CreateRunInput, type RunRow, type Store, type StoreTx } from '../../src/store/index.js';

export const TEST_DATABASE_URL = process.env.SITEQA_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A Store on this file's database; each call is a separate instance (own connections) on the same data. */
  open(): Promise<Store>;
}

export function testDatabases(): TestDatabase[] {
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const opened: Store[] = [];
  let sqliteDir: string | null = null;
  const schema = `test_${tag}`;
  let schemaUsed = false;

  afterAll(async () => {
    await Promise.allSettled(opened.map((s) => s.close()));
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
    if (schemaUsed) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    }
  });

  const track = (store: Store) => {
    opened.push(store);
    return store;
  };

  return [
    {
      name: 'sqlite',
      async open() {
        sqliteDir ??= mkdtempSync(path.join(os.tmpdir(), 'siteqa-store-'));
        return track(await openStore({ databaseUrl: null, dataDir: sqliteDir, sqliteFile: path.join(sqliteDir, 'test.db') }));
      },
    },
    {
      name: 'postgres',
      async open() {
        schemaUsed = true;
        return track(await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: '', schema }));
      },
    },
  ];
}

/** Deletes every row (migrations stay applied), so a test starts from an empty queue. */
export async function resetStore(store: Store): Promise<void> {
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely%'`.execute(store.db);
    const list = rows.map((r) => `"${r.tablename}"`).join(', ');
    if (list) await sql.raw(`truncate ${list} cascade`).execute(store.db);
    return;
  }
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'kysely%' and name not like 'sqlite%'`.execute(store.db);
  await sql`pragma foreign_keys = off`.execute(store.db);
  try {
    for (const r of rows) await sql.raw(`delete from "${r.name}"`).execute(store.db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(store.db);
  }
}

/** A queued anonymous run with unique id and share token; `now` defaults to a fixed instant. */
export function createTestRun(store: Store, input: Partial<CreateRunInput> = {}, tx?: StoreTx): Promise<RunRow> {
  return store.runs.create({
    id: randomUUID(),
    url: 'https://example.com/',
    source: null,
    workspace_id: null,
    share_token: randomBytes(12).toString('base64url'),
    client_ip: null,
    now: new Date('2026-01-01T00:00:00.000Z'),
    ...input,
  }, tx);
}

/** `base` plus `ms` milliseconds. */
export function at(base: Date, ms: number): Date {
  return new Date(base.getTime() + ms);
}
