// The free-audit pool check counts anonymous runs that are queued or running on every anonymous
// POST /audits. A partial index holds exactly those runs, so the bounded count reads a few index
// entries instead of intersecting the status and workspace indexes over the whole table.
import { sql, type Kysely, type Migration } from 'kysely';

export const activeRunsIndex: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex('runs_active_anonymous_idx')
      .on('runs')
      // The filtered columns as keys: SQLite's planner then prefers this index to the workspace index.
      .columns(['workspace_id', 'status'])
      .where(sql.ref('workspace_id'), 'is', null)
      .where(sql.ref('status'), 'in', [sql.lit('queued'), sql.lit('running')])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('runs_active_anonymous_idx').execute();
  },
};
