// Opens the Kysely instance for the configured dialect: a SQLite file under the data dir, or a Postgres
// pool whose every connection has its search_path set to the store's schema.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './pg-introspector.js';
import type { Database } from './schema.js';

export interface StoreOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Postgres schema (tests: one per test file) */
  schema?: string;
  /** SQLite file path override (tests), ':memory:' allowed */
  sqliteFile?: string;
}

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Postgres schema the tables live in (the given one, else the server's current schema); null on SQLite. */
  schema: string | null;
  /** How to open one more Postgres session (the LISTEN connection); null on SQLite. */
  pgConfig: pg.ClientConfig | null;
  /** Absolute SQLite file path (or ':memory:'); null on Postgres. */
  sqliteFile: string | null;
}

/** Plain identifiers only: the name is spliced into search_path and into NOTIFY channel names. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

export const SQLITE_FILE_NAME = 'siteqa.sqlite';

export async function connect(opts: StoreOptions): Promise<Connection> {
  if (opts.databaseUrl) return connectPostgres(opts.databaseUrl, opts.schema);
  return connectSqlite(opts.sqliteFile ?? path.join(opts.dataDir, SQLITE_FILE_NAME));
}

function connectSqlite(given: string): Connection {
  const file = given === ':memory:' ? given : path.resolve(given);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  // WAL lets readers (API) proceed while a writer (worker) commits; busy_timeout makes a second
  // process wait for the write lock instead of failing with SQLITE_BUSY.
  database.pragma('busy_timeout = 5000');
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', schema: null, pgConfig: null, sqliteFile: file };
}

async function connectPostgres(url: string, schema: string | undefined): Promise<Connection> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Postgres schema name must match ${SCHEMA_NAME}, got "${schema}"`);
  }
  // A chosen schema goes in search_path as a startup option, so it applies to every pooled session
  // (raw SQL and the migrator too) and no query qualifies table names. Without one we send no startup
  // option (PgBouncer refuses unknown ones) and use the server's own search_path.
  const pgConfig: pg.ClientConfig = { connectionString: url, ...(schema ? { options: `-c search_path=${schema}` } : {}) };
  const pool = new pg.Pool({ ...pgConfig, max: 10 });
  // An idle client dying (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  try {
    if (schema) await ensureSchema(db, schema);
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    const current = rows[0]?.schema;
    if (!current) throw new Error('Postgres search_path names no existing schema: create one or pass a schema');
    return { db, dialect: 'postgres', schema: current, pgConfig, sqliteFile: null };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

async function ensureSchema(db: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (err) {
    // Two processes creating the schema at once: "if not exists" can still raise a unique violation.
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  }
}
