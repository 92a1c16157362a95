// Monitor alerts posted to Slack, end to end on SQLite and Postgres: a real browser runs a monitor
// against a loopback site whose pages break from deploy to deploy; alert.slack jobs post through the
// real @slack/web-api client to the stand-in. A first run says at most one thing; a new critical posts exactly
// one chat.postMessage with the lifecycle's words and the report link (never twice); an outage is
// retried with backoff; a revoked token disconnects the integration instead of retrying forever;
// with slack_alerts_enabled false, a connected workspace gets e-mail only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { tick } from '../../src/jobs/loop.js';
import { setTier } from '../../src/workspaces/service.js';
import { testDatabases } from '../support/db.js';
import { readEvents, type TestService } from '../support/service.js';
import { startSlackStandin, type SlackStandin } from '../support/slack-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';
import { PUBLIC_BASE, startSlackService, walkInstall } from './helpers.js';

const state = { a500: false, b500: false };
let site: Server;
let origin: string;

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="description" content="A small site for Slack alert tests."></head>
<body><header><nav><a href="/">Home</a> <a href="/a">Alpha</a> <a href="/b">Beta</a></nav></header><main><h1>${title}</h1>${body}</main></body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const broken = (path === '/a' && state.a500) || (path === '/b' && state.b500);
    if (!['/', '/a', '/b'].includes(path)) return void res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', '<p>Nothing here.</p>'));
    res.writeHead(broken ? 500 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(broken ? page('Server error', '<p>Something broke.</p>') : page(path === '/' ? 'Home' : `Page ${path.slice(1)}`, '<p>Content.</p>'));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

describe.each(testDatabases())('Slack alerts on $name', (database) => {
  let standin: SlackStandin;
  let svc: TestService;
  let key: string;
  let workspaceId: string;
  let offset = 0; // the clock runs with real time, and jumps forward to make retries due
  beforeAll(async () => {
    state.a500 = false;
    state.b500 = false;
    standin = await startSlackStandin();
    svc = await startSlackService(standin, { QA_URL_ALLOWLIST: new URL(origin).host, QA_MAX_PAGES: '3' }, { store: await database.open(), clock: { now: () => new Date(Date.now() + offset) }, worker: true });
    const ws = await newWorkspace(svc.base, { owner_email: 'team@site.example' });
    await setTier(svc.rt, ws.id, 'starter');
    key = ws.key;
    workspaceId = ws.id;
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  async function deploy(monitorId: string, token: string, sha: string) {
    const r = await call(svc.base, 'POST', `/hooks/deploy/${monitorId}`, { body: { sha, ref: 'refs/heads/main', env: 'production' }, headers: { 'x-service-token': token } });
    expect(r.status, JSON.stringify(r.json)).toBe(202);
    const runId = r.json.run_ids[0];
    await readEvents(`${svc.base}/api/v1/audits/${runId}/events`, { timeoutMs: 60_000 });
    await tick(svc.rt, JOB_HANDLERS); // alert jobs due now
    return (await call(svc.base, 'GET', `/audits/${runId}/report.json`)).json;
  }
  const slackAlert = (runId: string) => svc.rt.store.db.selectFrom('alerts').selectAll().where('run_id', '=', runId).where('channel', '=', 'slack').executeTakeFirst();

  it('posts one message per alert-worthy run, retries an outage and disconnects on a revoked token', async () => {
    expect((await walkInstall(svc, key)).callback.location).toBe('/app?slack=connected');
    const token = [...standin.tokens.keys()].at(-1)!;
    const created = await call(svc.base, 'POST', '/monitors', { key, body: { url: `${origin}/` } });
    expect(created.status).toBe(201);
    const { id, deploy_hook: { secret } } = created.json;
    await readEvents(`${svc.base}${created.json.first_run.events_url}`, { timeoutMs: 60_000 });
    await tick(svc.rt, JOB_HANDLERS);
    // A first run speaks only of what is critical already (every finding of a first run is new):
    // at most one message. The story counts from here.
    expect(standin.calls('chat.postMessage').length).toBeLessThanOrEqual(1);
    for (const m of standin.posted) expect(m.text).toMatch(/^\*siteqa: 127\.0\.0\.1:\d+\* — (?:\d+ new critical|the run)/);
    standin.requests.length = 0;
    standin.posted.length = 0;

    // A deploy breaks /a: one message, in the lifecycle's words, linking the report.
    state.a500 = true;
    const r1 = await deploy(id, secret, 'sha-1');
    expect(standin.calls('chat.postMessage')).toHaveLength(1);
    const call1 = standin.calls('chat.postMessage')[0]!;
    expect(call1.authorization).toBe(`Bearer ${token}`);
    expect(call1.params.channel).toBe('C0ALERTS');
    const text = call1.params.text!;
    expect(text).toMatch(/^\*siteqa: 127\.0\.0\.1:\d+\* — /);
    expect(text).toMatch(/dropped from A to [B-F]/);
    expect(text).toContain('1 new critical');
    expect(text).toMatch(/Since the last run: 1 new critical, /);
    expect(text).toContain('Deploy `sha-1` (refs/heads/main) to production.');
    expect(text).toContain(`<${PUBLIC_BASE}${r1.report_url}|Open the report>`);
    expect(await slackAlert(r1.run_id)).toMatchObject({ state: 'sent', error: null });
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.calls('chat.postMessage')).toHaveLength(1); // never twice

    // Slack is down for the next alert: the job is retried with backoff and posts once.
    state.a500 = false;
    state.b500 = true;
    standin.postFailures.push('http500');
    const r2 = await deploy(id, secret, 'sha-2');
    expect(standin.calls('chat.postMessage')).toHaveLength(2);
    expect(standin.posted).toHaveLength(1);
    expect(await slackAlert(r2.run_id)).toMatchObject({ state: 'queued', error: expect.stringContaining('http') });
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.calls('chat.postMessage')).toHaveLength(2); // not before the backoff
    offset += 31_000;
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.posted).toHaveLength(2);
    expect(standin.posted[1]!.text).toContain(`<${PUBLIC_BASE}${r2.report_url}|Open the report>`);
    expect(await slackAlert(r2.run_id)).toMatchObject({ state: 'sent', error: null });

    // The app is removed from the Slack workspace: the next alert disconnects instead of retrying.
    standin.revoke(token);
    state.a500 = true;
    const r3 = await deploy(id, secret, 'sha-3');
    expect(standin.calls('chat.postMessage')).toHaveLength(4);
    expect(await slackAlert(r3.run_id)).toMatchObject({ state: 'failed', error: 'Slack disconnected: token_revoked' });
    const shown = (await call(svc.base, 'GET', '/workspaces/current', { key })).json.slack;
    expect(shown).toMatchObject({ connected: false, channel_id: 'C0ALERTS', disconnected_reason: 'token_revoked' });
    offset += 10 * 60_000;
    await tick(svc.rt, JOB_HANDLERS);
    expect(standin.calls('chat.postMessage')).toHaveLength(4); // no retry
    const job = await svc.rt.store.db.selectFrom('jobs').selectAll().where('id', '=', `alert:${r3.run_id}:slack`).executeTakeFirstOrThrow();
    expect(job.state).toBe('done');

    // Disconnected: the next alert goes by e-mail only.
    state.a500 = false;
    state.b500 = false;
    await deploy(id, secret, 'sha-4'); // all fixed: nothing to say
    state.b500 = true;
    const r5 = await deploy(id, secret, 'sha-5'); // /b is back
    expect(await svc.rt.store.db.selectFrom('alerts').select('channel').where('run_id', '=', r5.run_id).execute()).toEqual([{ channel: 'email' }]);
    expect(standin.calls('chat.postMessage')).toHaveLength(4);
    expect((await svc.rt.store.slack.get(workspaceId))!.bot_token_sealed).toBeNull();

    // Connected again, but slack_alerts_enabled is false: e-mail only.
    expect((await walkInstall(svc, key)).callback.location).toBe('/app?slack=connected');
    expect((await call(svc.base, 'PATCH', '/workspaces/current/usage', { key, body: { slack_alerts_enabled: false } })).status).toBe(200);
    state.b500 = false;
    await deploy(id, secret, 'sha-6');
    state.b500 = true;
    const r7 = await deploy(id, secret, 'sha-7');
    expect(await svc.rt.store.db.selectFrom('alerts').select('channel').where('run_id', '=', r7.run_id).execute()).toEqual([{ channel: 'email' }]);
    expect(standin.calls('chat.postMessage')).toHaveLength(4);
  }, 240_000); // eight real browser runs in one story
});
