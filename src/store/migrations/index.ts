// The ordered list of schema migrations, held in code (no migration folder to ship or scan), and the
// runner that applies them exactly once even when several processes open the database at once.
import { Migrator, sql, type Kysely, type Migration, type MigrationResult } from 'kysely';
import { core } from './0001-core.js';
import { workspaces } from './0002-workspaces.js';
import { activeRunsIndex } from './0003-active-runs-index.js';
import { runImagesTrigger } from './0004-run-images-trigger.js';
import { billing } from './0005-billing.js';
import { flows } from './0006-flows.js';
import { monitors } from './0007-monitors.js';
import { gremlin } from './0009-gremlin.js';
import { slack } from './0010-slack.js';
import { appModels } from './0011-app-models.js';

/** Append only; names sort in apply order. Never edit a migration that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_workspaces': workspaces,
  '0003_active_runs_index': activeRunsIndex,
  '0004_run_images_trigger': runImagesTrigger,
  '0005_billing': billing,
  '0006_flows': flows,
  '0007_monitors': monitors,
  '0009_gremlin': gremlin,
  '0010_slack': slack,
  '0011_app_models': appModels,
};

export class MigrationError extends Error {}

export interface MigrationTarget {
  dialect: 'sqlite' | 'postgres';
  /** Postgres: the schema holding the tables and Kysely's bookkeeping. */
  schema: string | null;
  /** SQLite: the database file, to serialize Store instances of this process that share it. */
  sqliteFile: string | null;
}

/** Applies every pending migration; returns the names applied by this call (empty when up to date). */
export async function migrateToLatest(db: Kysely<any>, target: MigrationTarget): Promise<string[]> {
  if (target.dialect === 'postgres') return runMigrator(db, target.schema);
  return withFileLock(target.sqliteFile, () =>
    // Kysely runs SQLite migrations without a transaction or lock. BEGIN IMMEDIATE takes the write lock
    // up front, so another process opening the same file waits (busy_timeout) and then finds the
    // migrations applied, and a failing migration leaves no half-made schema behind.
    db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const applied = await runMigrator(conn, null);
        await sql`commit`.execute(conn);
        return applied;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => {});
        throw err;
      }
    }),
  );
}

async function runMigrator(db: Kysely<any>, schema: string | null): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On Postgres the bookkeeping tables live in the store's schema, not wherever a same-named
    // table happens to exist first in the database.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(failed ? `migration ${failed} failed: ${reason}` : `migrations failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * better-sqlite3 waits for a busy lock synchronously, blocking the event loop; two Store instances of
 * one process migrating the same file would stall each other. They take turns here instead.
 */
const fileLocks = new Map<string, Promise<unknown>>();

async function withFileLock<T>(file: string | null, work: () => Promise<T>): Promise<T> {
  if (!file || file === ':memory:') return work();
  const previous = fileLocks.get(file) ?? Promise.resolve();
  const mine = previous.catch(() => {}).then(work);
  fileLocks.set(file, mine);
  try {
    return await mine;
  } finally {
    if (fileLocks.get(file) === mine) fileLocks.delete(file);
  }
}
