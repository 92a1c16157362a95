// App models: append-only versions of a workspace's model of one domain (the newest is the one runs
// pin). A write never updates a row: it adds version N+1.
import type { Kysely, Migration } from 'kysely';

export const appModels: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('app_models')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('doc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('app_models_pk', ['workspace_id', 'domain', 'version'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('app_models').execute();
  },
};
