// Workspaces (key hash, tier, settings), usage-webhook deliveries, report subscriptions, the mail
// outbox and the durable job table that drives deliveries and the 7-day re-check.
// Portable column types only (text, integer), as in 0001; booleans are 0/1 integers.
import type { Kysely, Migration } from 'kysely';

export const workspaces: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('workspaces')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_email', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text')
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('api_key_hash', 'text', (c) => c.notNull())
      .addColumn('api_key_hint', 'text', (c) => c.notNull())
      .addColumn('usage_webhook_url', 'text')
      .addColumn('usage_webhook_secret', 'text')
      .addColumn('opt_in_to_overage', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_alerts_enabled', 'integer')
      .addColumn('slack_alerts_enabled', 'integer')
      .addColumn('monitor_paused_at', 'text')
      .addColumn('prepaid_credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('workspaces_api_key_hash_uq').on('workspaces').column('api_key_hash').unique().execute();

    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_state_run_at_idx').on('jobs').columns(['state', 'run_at']).execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('response_status', 'integer')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_ws_idx').on('webhook_deliveries').columns(['workspace_id', 'created_at']).execute();
    // Metered calls per workspace and billing period, counted atomically against the cap.
    await db.schema
      .createTable('usage_counters')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_counters_pk', ['workspace_id', 'period_start'])
      .execute();
    // One threshold event per workspace, period and threshold, however many calls race past it.
    await db.schema
      .createTable('usage_alerts')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('threshold', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_alerts_pk', ['workspace_id', 'period_start', 'threshold'])
      .execute();

    await db.schema
      .createTable('report_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('recheck_run_id', 'text')
      .addColumn('first_sent_at', 'text')
      .addColumn('second_sent_at', 'text')
      .addColumn('unsubscribed_at', 'text')
      .addColumn('client_ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // One subscription per run, whoever asks.
    await db.schema.createIndex('report_subscriptions_run_uq').on('report_subscriptions').column('run_id').unique().execute();
    await db.schema.createIndex('report_subscriptions_token_uq').on('report_subscriptions').column('unsubscribe_token_hash').unique().execute();
    await db.schema.createIndex('report_subscriptions_email_idx').on('report_subscriptions').columns(['email', 'created_at']).execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['mail_outbox', 'report_subscriptions', 'usage_alerts', 'usage_counters', 'webhook_deliveries', 'jobs', 'workspaces']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
