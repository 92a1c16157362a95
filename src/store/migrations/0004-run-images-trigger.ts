// Images taken during a run (screenshots of pages and flow steps) are stored beside its evidence
// bundle, not inside the JSON; and a run records what started it (api, monitor, deploy hook, …).
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

export const runImagesTrigger: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Binary columns are named differently: bytea on Postgres, blob on SQLite.
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('evidence_images')
      .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', isPg ? sql`bytea` : 'blob', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('evidence_images_pk', ['run_id', 'id'])
      .execute();
    await db.schema.alterTable('runs').addColumn('trigger', 'text').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('evidence_images').execute();
    await db.schema.alterTable('runs').dropColumn('trigger').execute();
  },
};
