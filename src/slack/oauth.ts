// Connecting a workspace to Slack with OAuth v2: the install step mints a one-time state bound to
// the workspace (stored hashed, 10 minutes) and builds the consent-screen URL; the callback takes
// the state, exchanges the code with oauth.v2.access and stores the bot token sealed. The callback
// only ever answers with an outcome word; codes, tokens and Slack's answers stay out of logs.
import { createHash, randomBytes } from 'node:crypto';
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { ServiceError } from '../service-error.js';
import { slackClient, slackConfigured, slackErrorCode } from './client.js';

export const STATE_TTL_MS = 10 * 60_000;
/** chat:write posts the alerts; incoming-webhook makes the consent screen ask for the channel, and adds the app to it. */
export const SLACK_SCOPES = ['chat:write', 'incoming-webhook'];

export type InstallOutcome = 'connected' | 'denied' | 'error';

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest('base64url');
export const callbackUrl = (rt: Runtime) => `${rt.config.publicBaseUrl}/api/v1/integrations/slack/callback`;

/** The consent-screen URL for this workspace, valid once and for 10 minutes. */
export async function startInstall(rt: Runtime, ws: WorkspaceRow): Promise<{ url: string; expires_at: string }> {
  if (!slackConfigured(rt.config)) {
    throw new ServiceError('slack_unconfigured', 'Slack is not configured on this installation (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET unset); alerts go by e-mail. See /docs/configuration.');
  }
  const state = randomBytes(32).toString('base64url');
  const now = rt.clock.now();
  const expires = new Date(now.getTime() + STATE_TTL_MS);
  await rt.store.slack.addState(hashState(state), ws.id, now, expires);
  const url = new URL(rt.config.slackOauthUrl);
  url.searchParams.set('client_id', rt.config.slackClientId!);
  url.searchParams.set('scope', SLACK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', callbackUrl(rt));
  url.searchParams.set('state', state);
  return { url: url.href, expires_at: expires.toISOString() };
}

const text = (v: unknown, max = 200) => (typeof v === 'string' && v ? v.slice(0, max) : null);

/** Handles the consent screen's redirect; the answer is the word the dashboard shows. */
export async function finishInstall(rt: Runtime, query: Record<string, unknown>): Promise<InstallOutcome> {
  const state = text(query.state, 512);
  // The state goes whatever the outcome: it was for one answer of the consent screen.
  const workspaceId = state ? await rt.store.slack.takeState(hashState(state), rt.clock.now()) : null;
  if (query.error === 'access_denied') return 'denied';
  const code = text(query.code, 512);
  if (!workspaceId || !code || query.error !== undefined || !slackConfigured(rt.config)) {
    rt.log.info({ slack: { state: state ? (workspaceId ? 'valid' : 'unknown, reused or expired') : 'missing', code: Boolean(code) } }, 'slack install refused');
    return 'error';
  }
  try {
    const res = await slackClient(rt.config, rt.log).oauth.v2.access({
      client_id: rt.config.slackClientId!, client_secret: rt.config.slackClientSecret!, code, redirect_uri: callbackUrl(rt),
    });
    const token = text(res.access_token, 500);
    const teamId = text(res.team?.id);
    const channelId = text(res.incoming_webhook?.channel_id);
    if (!token || !teamId || !channelId || res.token_type !== 'bot') {
      rt.log.warn({ workspace_id: workspaceId, token_type: res.token_type ?? null, team: Boolean(teamId), channel: Boolean(channelId) }, 'slack install answer incomplete');
      return 'error';
    }
    await rt.store.slack.connect({
      workspace_id: workspaceId, team_id: teamId, team_name: text(res.team?.name), channel_id: channelId,
      channel_name: text(res.incoming_webhook?.channel)?.replace(/^#/, '') ?? null, bot_user_id: text(res.bot_user_id), scope: text(res.scope, 500),
      bot_token_sealed: rt.secrets.seal(token),
    }, rt.clock.now());
    rt.log.info({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId }, 'slack connected');
    return 'connected';
  } catch (err) {
    rt.log.warn({ workspace_id: workspaceId, slack_error: slackErrorCode(err) }, 'slack code exchange failed');
    return 'error';
  }
}
