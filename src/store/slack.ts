// Slack connections of workspaces (one each, bot token sealed) and the one-time OAuth states of
// installs under way: a state is taken by deleting it, so it can complete at most one install.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SlackIntegrationsTable } from './schema.js';

/** Installs under way per workspace; older states stop working when more are started. */
export const MAX_STATES_PER_WORKSPACE = 5;

export type SlackIntegrationRow = Selectable<SlackIntegrationsTable>;

export interface NewSlackConnection {
  workspace_id: string;
  team_id: string;
  team_name: string | null;
  channel_id: string;
  channel_name: string | null;
  bot_user_id: string | null;
  scope: string | null;
  bot_token_sealed: string;
}

export interface SlackRepo {
  /** The workspace's connection (connected or not), or undefined when Slack was never connected. */
  get(workspaceId: string): Promise<SlackIntegrationRow | undefined>;
  /** Connects (or reconnects, replacing the team, channel and token). */
  connect(row: NewSlackConnection, now: Date): Promise<void>;
  /**
   * Forgets the token and says why; false when there was no live connection. With `sealed`, only
   * while that token is still the stored one (a reconnect in between is kept).
   */
  disconnect(workspaceId: string, reason: string, now: Date, sealed?: string): Promise<boolean>;
  addState(stateHash: string, workspaceId: string, now: Date, expiresAt: Date): Promise<void>;
  /** Takes the state (deleting it, so it works once) and returns its workspace if it had not expired. */
  takeState(stateHash: string, now: Date): Promise<string | null>;
}

export function createSlackRepo(db: Kysely<Database>): SlackRepo {
  return {
    get: (workspaceId) => db.selectFrom('slack_integrations').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst(),
    async connect(row, now) {
      const at = now.toISOString();
      const values = { ...row, connected_at: at, disconnected_at: null, disconnected_reason: null, updated_at: at };
      const { workspace_id: _w, ...change } = values;
      await db.insertInto('slack_integrations').values(values).onConflict((oc) => oc.column('workspace_id').doUpdateSet(change)).execute();
    },
    async disconnect(workspaceId, reason, now, sealed) {
      const at = now.toISOString();
      let q = db.updateTable('slack_integrations')
        .set({ bot_token_sealed: null, disconnected_at: at, disconnected_reason: reason.slice(0, 200), updated_at: at })
        .where('workspace_id', '=', workspaceId).where('disconnected_at', 'is', null);
      if (sealed !== undefined) q = q.where('bot_token_sealed', '=', sealed);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async addState(stateHash, workspaceId, now, expiresAt) {
      // Expired states of any workspace go as new ones come: the table stays as small as the installs under way.
      await db.deleteFrom('slack_oauth_states').where('expires_at', '<', now.toISOString()).execute();
      await db.insertInto('slack_oauth_states').values({ state_hash: stateHash, workspace_id: workspaceId, created_at: now.toISOString(), expires_at: expiresAt.toISOString() }).execute();
      // A workspace keeps its newest few installs under way: repeated clicks cannot grow the table.
      const keep = db.selectFrom('slack_oauth_states').select('state_hash').where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc').orderBy('state_hash').limit(MAX_STATES_PER_WORKSPACE);
      await db.deleteFrom('slack_oauth_states').where('workspace_id', '=', workspaceId).where('state_hash', 'not in', keep).execute();
    },
    async takeState(stateHash, now) {
      const row = await db.deleteFrom('slack_oauth_states').where('state_hash', '=', stateHash).returning(['workspace_id', 'expires_at']).executeTakeFirst();
      return row && row.expires_at > now.toISOString() ? row.workspace_id : null;
    },
  };
}
