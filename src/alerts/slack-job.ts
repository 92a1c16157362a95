// The `alert.slack` job: posts a monitor's alert to the workspace's Slack channel with
// chat.postMessage. A failure is thrown, so the job loop retries it with backoff; Slack's rate limit
// postpones it by Retry-After; a token Slack no longer accepts disconnects the integration (no
// retry can fix it) and a channel that is gone fails the alert at once.
import { WebAPIRateLimitedError } from '@slack/web-api';
import type { JobHandler } from '../jobs/loop.js';
import { PERMANENT, REVOKED, slackClient, slackErrorCode } from '../slack/client.js';
import { liveToken, slackView } from '../slack/connection.js';
import { alertFor, type AlertPayload } from './jobs.js';
import { slackAlertText } from './slack-message.js';

export const sendSlackAlert: JobHandler = async (rt, job) => {
  const { run_id, reasons } = job.payload as unknown as AlertPayload;
  const found = await alertFor(rt, run_id, reasons);
  const workspaceId = found?.run.workspace_id;
  if (!found || !workspaceId) return;
  const connection = await rt.store.slack.get(workspaceId);
  const token = liveToken(rt, connection);
  if (!connection || !token) {
    // Connected but unreadable: the secret box's key changed, so this token is lost for good.
    if (slackView(connection).connected) await rt.store.slack.disconnect(workspaceId, 'token_unreadable', rt.clock.now(), connection!.bot_token_sealed ?? undefined);
    await rt.store.monitors.updateAlert(run_id, 'slack', { state: 'skipped', error: 'Slack is not connected' });
    return;
  }
  const text = slackAlertText(found.report, found.report.changes ?? null, reasons, found.link);
  try {
    await slackClient(rt.config, rt.log, token).chat.postMessage({ channel: connection.channel_id, text, mrkdwn: true, unfurl_links: false, unfurl_media: false });
  } catch (err) {
    const code = slackErrorCode(err);
    if (err instanceof WebAPIRateLimitedError) {
      return { later: new Date(rt.clock.now().getTime() + Math.max(1, err.retryAfter) * 1000) };
    }
    if (REVOKED.has(code)) {
      await rt.store.slack.disconnect(workspaceId, code, rt.clock.now(), connection.bot_token_sealed ?? undefined);
      await rt.store.monitors.updateAlert(run_id, 'slack', { state: 'failed', error: `Slack disconnected: ${code}` });
      rt.log.warn({ workspace_id: workspaceId, slack_error: code }, 'slack token no longer works: integration disconnected');
      return;
    }
    if (PERMANENT.has(code)) {
      await rt.store.monitors.updateAlert(run_id, 'slack', { state: 'failed', error: code });
      rt.log.warn({ workspace_id: workspaceId, slack_error: code }, 'slack alert cannot be delivered');
      return;
    }
    await rt.store.monitors.updateAlert(run_id, 'slack', { error: code });
    throw new Error(`chat.postMessage failed: ${code}`);
  }
  await rt.store.monitors.updateAlert(run_id, 'slack', { state: 'sent', sent_at: rt.clock.now().toISOString(), error: null });
};
