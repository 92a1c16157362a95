// Opening the store on SQLite and Postgres: migrations apply once (also when opened concurrently),
// data survives reopening, evidence and reports round-trip; bad options are refused.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { migrations } from '../../src/store/migrations/index.js';
import { createTestRun, resetStore, testDatabases, TEST_DATABASE_URL } from '../support/db.js';

const T0 = new Date('2026-02-02T02:02:02.002Z');

async function appliedMigrations(store: Store): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(store.db);
  return rows.map((r) => r.name);
}

describe.each(testDatabases())('opening the store on $name', (database) => {
  it('applies each migration once, however often and however concurrently the store is opened', async () => {
    const stores = await Promise.all([database.open(), database.open(), database.open()]);
    const first = stores[0];
    const run = await createTestRun(first);
    const again = await database.open();
    expect(await appliedMigrations(again)).toEqual(Object.keys(migrations).sort());
    expect(await again.runs.get(run.id)).toEqual(run);
  });

  it('stores evidence bundles with their schema version, replacing on a second save', async () => {
    const store = await database.open();
    await resetStore(store);
    const run = await createTestRun(store);
    expect(await store.evidence.get(run.id)).toBeUndefined();
    const bundle = { pages: [{ url: 'https://example.com/', status: 200, headers: { 'x-a': 'ü' } }], cookies: [] };
    await store.evidence.save(run.id, bundle, 1, T0);
    expect(await store.evidence.get(run.id)).toEqual({ schema_version: 1, bundle });
    await store.evidence.save(run.id, { pages: [] }, 2, T0);
    expect(await store.evidence.get(run.id)).toEqual({ schema_version: 2, bundle: { pages: [] } });
  });

  it('upserts report bodies byte for byte', async () => {
    const store = await database.open();
    await resetStore(store);
    const run = await createTestRun(store);
    expect(await store.reports.get(run.id)).toBeUndefined();
    await store.reports.save(run.id, '{"status":"running"}', T0);
    const body = '{"status":"succeeded","note":"\\u00e9 ✓ \\n"}';
    await store.reports.save(run.id, body, T0);
    expect(await store.reports.get(run.id)).toBe(body);
  });
});

describe('opening one SQLite file from several processes at once', () => {
  it('lets every process start and applies each migration once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'siteqa-procs-'));
    const file = path.join(dir, 'shared.db');
    try {
      const child = path.join(import.meta.dirname, 'fixtures/open-store.ts');
      const tsx = path.resolve('node_modules/.bin/tsx');
      await Promise.all([1, 2, 3].map(() => promisify(execFile)(tsx, [child, 'sqlite', file])));
      const store = await openStore({ databaseUrl: null, dataDir: dir, sqliteFile: file });
      expect(await appliedMigrations(store)).toEqual(Object.keys(migrations).sort());
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('opening a Postgres store while other clients drop their schemas', () => {
  it('migrates its own schema whatever happens to the others meanwhile', async () => {
    // Kysely's own introspector lists the tables of every schema, and one dropped during that look-up
    // (another deployment or test file cleaning up) failed our opening; the store looks at its own only.
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const tag = `churn_${process.pid}_${randomBytes(3).toString('hex')}`;
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        await client.query(`create schema if not exists "${tag}_${i % 8}"`);
        await client.query(`drop schema if exists "${tag}_${(i + 4) % 8}" cascade`);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const own = `open_${process.pid}_${randomBytes(3).toString('hex')}`;
    try {
      for (let i = 0; i < 12; i++) {
        const store = await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: '', schema: `${own}_${i}` });
        await store.close();
      }
    } finally {
      churning = false;
      await churn;
      for (let i = 0; i < 8; i++) await client.query(`drop schema if exists "${tag}_${i}" cascade`);
      for (let i = 0; i < 12; i++) await client.query(`drop schema if exists "${own}_${i}" cascade`);
      await client.end();
    }
  });
});

describe('store options', () => {
  it('refuses a Postgres schema name that is not a plain identifier', async () => {
    await expect(openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: '', schema: 'x; drop table runs' })).rejects.toThrow(/schema name/);
  });

  it('opens an in-memory SQLite store', async () => {
    const store = await openStore({ databaseUrl: null, dataDir: '/nonexistent', sqliteFile: ':memory:' });
    try {
      expect(store.dialect).toBe('sqlite');
      expect(await appliedMigrations(store)).toEqual(Object.keys(migrations).sort());
    } finally {
      await store.close();
    }
  });
});
