// Monitors (a URL or a confirmed flow, re-run on a cadence, on demand and by deploy hook), one
// delivery record per deploy-hook request (accepted or not), and the alerts sent about monitor runs.
// Runs point at their monitor through runs.monitor_id (0001); deleting a monitor nulls the links.
import type { Kysely, Migration } from 'kysely';

export const monitors: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('monitors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('cadence', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('flow_id', 'text')
      .addColumn('deploy_token_hash', 'text', (c) => c.notNull())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('last_run_at', 'text')
      .addColumn('last_run_id', 'text')
      .addColumn('last_run_status', 'text')
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paused_reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('monitors_due_idx').on('monitors').columns(['status', 'next_run_at']).execute();
    await db.schema.createIndex('monitors_workspace_idx').on('monitors').columns(['workspace_id', 'created_at']).execute();
    await db.schema.createIndex('runs_monitor_idx').on('runs').columns(['monitor_id', 'created_at']).execute();

    await db.schema
      .createTable('deploy_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // No foreign key: a request for an unknown (or deleted) monitor is recorded too.
      .addColumn('monitor_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('http_status', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('run_id', 'text')
      .addColumn('requester_ip', 'text')
      .addColumn('sha', 'text')
      .addColumn('ref', 'text')
      .addColumn('env', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('deploy_deliveries_monitor_idx').on('deploy_deliveries').columns(['monitor_id', 'created_at']).execute();

    await db.schema
      .createTable('alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('monitor_id', 'text')
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('alerts_run_channel_uq').on('alerts').columns(['run_id', 'channel']).unique().execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('alerts').execute();
    await db.schema.dropTable('deploy_deliveries').execute();
    await db.schema.dropIndex('runs_monitor_idx').execute();
    await db.schema.dropTable('monitors').execute();
  },
};
