// Domain authorizations for chaos runs: per workspace and host, whether real mutation is allowed
// (the default for a host with no row is dry run).
import type { Kysely, Migration } from 'kysely';

export const gremlin: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('gremlin_domains')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('allow_mutation', 'integer', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('gremlin_domains_pk', ['workspace_id', 'host'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('gremlin_domains').execute();
  },
};
