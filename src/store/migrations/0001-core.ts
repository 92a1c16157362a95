// First schema: runs (the queue too), their events, evidence, reports, idempotency keys, rate-limit windows.
// Only portable column types (text, integer) so the same migration runs on SQLite and Postgres.
// Later migrations add workspaces, monitors, flows and deliveries; runs already carries
// kind, workspace_id and monitor_id so those tables can point foreign keys here without a rewrite.
import type { Kysely, Migration } from 'kysely';

export const core: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('audit'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failure_reason', 'text')
      .addColumn('source', 'text')
      .addColumn('workspace_id', 'text')
      .addColumn('monitor_id', 'text')
      .addColumn('share_token', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text')
      .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'text')
      .execute();
    // claimNext: oldest queued first.
    await db.schema.createIndex('runs_status_created_idx').on('runs').columns(['status', 'created_at']).execute();
    // sweepExpired: running runs by lease expiry.
    await db.schema.createIndex('runs_status_lease_idx').on('runs').columns(['status', 'lease_expires_at']).execute();
    await db.schema.createIndex('runs_share_token_uq').on('runs').column('share_token').unique().execute();
    await db.schema.createIndex('runs_workspace_created_idx').on('runs').columns(['workspace_id', 'created_at']).execute();
    await db.schema.createIndex('runs_monitor_created_idx').on('runs').columns(['monitor_id', 'created_at']).execute();

    await db.schema
      .createTable('run_events')
      .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('run_events_pk', ['run_id', 'id'])
      .execute();

    await db.schema
      .createTable('evidence')
      .addColumn('run_id', 'text', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('schema_version', 'integer', (c) => c.notNull())
      .addColumn('bundle', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('reports')
      .addColumn('run_id', 'text', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addColumn('headers', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['rate_limits', 'idempotency_keys', 'reports', 'evidence', 'run_events', 'runs']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
