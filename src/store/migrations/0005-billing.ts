// Billing: a workspace's standing with the payment provider (customer, subscription and its status,
// trial end, a requested tier waiting for checkout, where its tier came from), the provider's
// webhook event ids already processed, outbound meter events, and the per-period count of overage
// units admitted but not yet billed. Named 0005: 0004 is left to the runs refactor.
// Portable column types only (text, integer), as in 0001; SQLite adds one column per statement.
import { sql, type Kysely, type Migration } from 'kysely';

const WORKSPACE_COLUMNS = [
  'tier_source', // 'operator' | 'subscription' | null (free tiers)
  'requested_tier', // a paid tier asked for, effective only once checkout completes
  'billing_customer_id',
  'billing_subscription_id',
  'billing_subscription_status',
  'trial_ends_at',
] as const;

export const billing: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    for (const column of WORKSPACE_COLUMNS) await db.schema.alterTable('workspaces').addColumn(column, 'text').execute();
    // One workspace per provider customer: webhooks find the workspace by it.
    await db.schema.createIndex('workspaces_billing_customer_uq').on('workspaces').column('billing_customer_id').unique().execute();
    // Paid tiers that exist before billing were set by an operator (the CLI) or by the old,
    // card-less POST /workspaces; both keep what they had, as operator grants (docs/billing.md).
    await sql`update workspaces set tier_source = 'operator' where tier in ('starter', 'pro', 'team')`.execute(db);

    await db.schema.alterTable('usage_counters').addColumn('overage_unbilled', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('billing_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('workspace_id', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('billing_events_received_idx').on('billing_events').column('received_at').execute();

    await db.schema
      .createTable('meter_events')
      .addColumn('identifier', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('meter', 'text', (c) => c.notNull())
      .addColumn('units', 'integer', (c) => c.notNull())
      .addColumn('billable_units', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('meter_events_ws_created_idx').on('meter_events').columns(['workspace_id', 'created_at']).execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('meter_events').execute();
    await db.schema.dropTable('billing_events').execute();
    await db.schema.alterTable('usage_counters').dropColumn('overage_unbilled').execute();
    await db.schema.dropIndex('workspaces_billing_customer_uq').execute();
    for (const column of [...WORKSPACE_COLUMNS].reverse()) await db.schema.alterTable('workspaces').dropColumn(column).execute();
  },
};
