// The alert.slack job's failure modes on SQLite and Postgres, through the real client against the
// stand-in (no browser: a stored report stands for the run): Slack's rate limit postpones the job
// by Retry-After without using an attempt; a channel that is gone fails the alert at once and keeps
// the connection; a token the secret box can no longer open disconnects instead of failing forever,
// and disconnecting such a connection still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { tick } from '../../src/jobs/loop.js';
import { createSecretBox } from '../../src/workspaces/secret-box.js';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { startSlackStandin, type SlackStandin } from '../support/slack-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { PUBLIC_BASE, scheduledSlackAlert, startSlackService, walkInstall } from './helpers.js';

describe.each(testDatabases())('the alert.slack job on $name', (database) => {
  let standin: SlackStandin;
  let svc: TestService;
  let offset = 0;
  beforeAll(async () => {
    standin = await startSlackStandin();
    svc = await startSlackService(standin, {}, { store: await database.open(), clock: { now: () => new Date(Date.now() + offset) } });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  const job = (runId: string) => svc.rt.store.db.selectFrom('jobs').selectAll().where('id', '=', `alert:${runId}:slack`).executeTakeFirstOrThrow();
  const alert = (runId: string) => svc.rt.store.db.selectFrom('alerts').selectAll().where('run_id', '=', runId).where('channel', '=', 'slack').executeTakeFirstOrThrow();
  async function connected() {
    const ws = await newWorkspace(svc.base);
    expect((await walkInstall(svc, ws.key)).callback.location).toBe('/app?slack=connected');
    return ws;
  }

  it('waits out Slack\'s rate limit without using an attempt, then posts', async () => {
    const ws = await connected();
    const { runId, reportUrl } = await scheduledSlackAlert(svc, ws.id);
    standin.postFailures.push('ratelimited');
    const before = standin.posted.length;
    await tick(svc.rt, JOB_HANDLERS);
    const waiting = await job(runId);
    expect(waiting.state).toBe('pending');
    expect(Number(waiting.attempts)).toBe(0);
    expect(Date.parse(waiting.run_at) - (Date.now() + offset)).toBeGreaterThan(4_000);
    offset += 8_000;
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.posted).toHaveLength(before + 1);
    expect(standin.posted.at(-1)!.text).toContain(`• the run failed: the home page answered 503\n<${PUBLIC_BASE}${reportUrl}|Open the report>`);
    expect(await alert(runId)).toMatchObject({ state: 'sent' });
  });

  it('fails the alert at once when the channel is gone, and keeps the connection', async () => {
    const ws = await connected();
    const { runId } = await scheduledSlackAlert(svc, ws.id);
    standin.postFailures.push('channel_not_found');
    await tick(svc.rt, JOB_HANDLERS);
    expect(await alert(runId)).toMatchObject({ state: 'failed', error: 'channel_not_found' });
    expect((await job(runId)).state).toBe('done');
    expect((await call(svc.base, 'GET', '/integrations/slack', { key: ws.key })).json.connected).toBe(true);
  });

  it('disconnects a connection whose token the secret box can no longer open (SECRETS_KEY changed)', async () => {
    const ws = await connected();
    const foreign = createSecretBox('another installation\'s key').seal('xoxb-not-ours');
    await svc.rt.store.db.updateTable('slack_integrations').set({ bot_token_sealed: foreign }).where('workspace_id', '=', ws.id).execute();
    const { runId } = await scheduledSlackAlert(svc, ws.id);
    const posts = standin.calls('chat.postMessage').length;
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.calls('chat.postMessage')).toHaveLength(posts);
    expect(await alert(runId)).toMatchObject({ state: 'skipped' });
    expect((await call(svc.base, 'GET', '/integrations/slack', { key: ws.key })).json).toMatchObject({ connected: false, disconnected_reason: 'token_unreadable' });

    const other = await connected();
    await svc.rt.store.db.updateTable('slack_integrations').set({ bot_token_sealed: foreign }).where('workspace_id', '=', other.id).execute();
    const revokes = standin.calls('auth.revoke').length;
    expect((await fetch(`${svc.base}/api/v1/integrations/slack`, { method: 'DELETE', headers: { authorization: `Bearer ${other.key}` } })).status).toBe(204);
    expect(standin.calls('auth.revoke')).toHaveLength(revokes);
    expect((await call(svc.base, 'GET', '/integrations/slack', { key: other.key })).json).toMatchObject({ connected: false, disconnected_reason: 'disconnected' });
  });
});
