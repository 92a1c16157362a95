// A workspace's Slack connection as the API shows it (team and channel, never the token), and
// disconnecting: the token is revoked at Slack when it still works, then forgotten here.
import type { Runtime } from '../runtime.js';
import type { SlackIntegrationRow } from '../store/index.js';
import { slackClient, slackErrorCode } from './client.js';

export interface SlackView {
  connected: boolean;
  team_id: string | null;
  team_name: string | null;
  channel_id: string | null;
  channel_name: string | null;
  connected_at: string | null;
  /** Set when the connection ended: `disconnected` (DELETE /integrations/slack) or Slack's answer (`token_revoked`, …). */
  disconnected_reason: string | null;
}

export function slackView(row: SlackIntegrationRow | undefined): SlackView {
  if (!row) return { connected: false, team_id: null, team_name: null, channel_id: null, channel_name: null, connected_at: null, disconnected_reason: null };
  return {
    connected: row.bot_token_sealed !== null && row.disconnected_at === null,
    team_id: row.team_id, team_name: row.team_name, channel_id: row.channel_id, channel_name: row.channel_name,
    connected_at: row.connected_at, disconnected_reason: row.disconnected_reason,
  };
}

/**
 * The bot token of a live connection, or null. A token the secret box cannot open (SECRETS_KEY
 * changed) is null too: it can never be used again, so callers treat the connection as gone.
 */
export function liveToken(rt: Runtime, row: SlackIntegrationRow | undefined): string | null {
  if (!row || !row.bot_token_sealed || row.disconnected_at !== null) return null;
  try {
    return rt.secrets.open(row.bot_token_sealed);
  } catch {
    return null;
  }
}

/** Disconnects the workspace (idempotent); false when nothing was connected. */
export async function disconnectSlack(rt: Runtime, workspaceId: string): Promise<boolean> {
  const row = await rt.store.slack.get(workspaceId);
  if (!slackView(row).connected) return false;
  const token = liveToken(rt, row);
  if (token) {
    try {
      await slackClient(rt.config, rt.log, token).auth.revoke();
    } catch (err) {
      // Revoking is a courtesy: the token is forgotten here whatever Slack answers.
      rt.log.info({ workspace_id: workspaceId, slack_error: slackErrorCode(err) }, 'slack token revoke failed');
    }
  }
  return rt.store.slack.disconnect(workspaceId, 'disconnected', rt.clock.now());
}
