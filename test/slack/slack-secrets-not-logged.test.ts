// Slack's secrets never reach the log: a service logging at `trace` to a captured stream goes through
// the install (state in the consent URL), Slack's redirect (code and state in the query), a failed
// exchange, alert posts that fail and then succeed with the bot token, and a disconnect — and none
// of the client secret, the codes, the states or the token appears, while those requests are there.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { tick } from '../../src/jobs/loop.js';
import { startTestService, type TestService } from '../support/service.js';
import { SLACK_CLIENT_SECRET, startSlackStandin, type SlackStandin } from '../support/slack-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { scheduledSlackAlert, walkInstall } from './helpers.js';

describe('Slack secrets in logs', () => {
  let standin: SlackStandin;
  let svc: TestService;
  const lines: string[] = [];
  let offset = 0;
  beforeAll(async () => {
    standin = await startSlackStandin();
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    svc = await startTestService({ ...standin.env(), PUBLIC_BASE_URL: 'https://qa.example', LOG_LEVEL: 'trace', QA_JOB_POLL_MS: '0', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false, logTo: sink, clock: { now: () => new Date(Date.now() + offset) } });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  it('logs the install, callback, alert and disconnect requests but no secret, code, state or token', async () => {
    const { key, id } = await newWorkspace(svc.base);
    const secrets: string[] = [SLACK_CLIENT_SECRET];
    const remember = (walk: Awaited<ReturnType<typeof walkInstall>>) => {
      const u = new URL(walk.callbackUrl);
      secrets.push(u.searchParams.get('state')!, ...(u.searchParams.get('code') ? [u.searchParams.get('code')!] : []));
    };
    standin.exchangeFailure = 'invalid_code';
    remember(await walkInstall(svc, key));
    standin.exchangeFailure = null;
    const walk = await walkInstall(svc, key);
    expect(walk.callback.location).toBe('/app?slack=connected');
    remember(walk);
    const token = [...standin.tokens.keys()].at(-1)!;
    secrets.push(token);

    // An alert whose post fails once (the client logs the HTTP failure), then is retried and sent.
    await scheduledSlackAlert(svc, id);
    standin.postFailures.push('http500');
    await tick(svc.rt, JOB_HANDLERS);
    offset += 31_000;
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.posted).toHaveLength(1);

    expect((await fetch(`${svc.base}/api/v1/integrations/slack`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } })).status).toBe(204);
    expect((await call(svc.base, 'GET', '/workspaces/current', { key })).json.slack.connected).toBe(false);

    await new Promise((r) => setTimeout(r, 100)); // the last response lines
    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/v1/integrations/slack/callback?code=[redacted]&state=[redacted]"');
    expect(log).toContain('slack code exchange failed');
    expect(log).toContain('job failed');
    expect(log).toContain('"url":"/api/v1/integrations/slack/install"');
    for (const secret of secrets) expect(log.includes(secret), `a log line contains ${secret.slice(0, 10)}…`).toBe(false);
    expect(log.includes(token.slice('xoxb-'.length))).toBe(false);
  });
});
