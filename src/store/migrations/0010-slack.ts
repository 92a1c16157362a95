// The chat integration: one Slack connection per workspace (its bot token sealed by the secret box,
// the team and the channel alerts go to) and the one-time OAuth states of installs under way,
// stored as hashes so a copy of the database cannot complete someone's install.
import type { Kysely, Migration } from 'kysely';

export const slack: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('slack_integrations')
      .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('team_name', 'text')
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('channel_name', 'text')
      .addColumn('bot_user_id', 'text')
      .addColumn('scope', 'text')
      // Null once disconnected: a revoked or removed token is not kept.
      .addColumn('bot_token_sealed', 'text')
      .addColumn('connected_at', 'text', (c) => c.notNull())
      .addColumn('disconnected_at', 'text')
      .addColumn('disconnected_reason', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('slack_oauth_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('slack_oauth_states_expiry_idx').on('slack_oauth_states').column('expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('slack_oauth_states').execute();
    await db.schema.dropTable('slack_integrations').execute();
  },
};
