// Flows (a workspace's test cases, compiled to a spec, draft or confirmed), their credentials
// (sealed with the secret box, write-only), and per-run credentials held sealed only until the
// worker takes them (then deleted).
import type { Kysely, Migration } from 'kysely';

export const flows: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('flows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('test_case', 'text')
      .addColumn('spec', 'text', (c) => c.notNull())
      .addColumn('diagnostics', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .execute();
    await db.schema.createIndex('flows_workspace_name_uq').on('flows').columns(['workspace_id', 'name']).unique().execute();

    await db.schema
      .createTable('flow_credentials')
      .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_credentials_pk', ['flow_id', 'name'])
      .execute();

    await db.schema
      .createTable('run_credentials')
      .addColumn('run_id', 'text', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('run_credentials').execute();
    await db.schema.dropTable('flow_credentials').execute();
    await db.schema.dropTable('flows').execute();
  },
};
