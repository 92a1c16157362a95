// Connecting Slack over real HTTP on SQLite and Postgres, through the official @slack/web-api client
// against a loopback stand-in of Slack: install redirects to the consent screen with a one-time,
// hashed, expiring state; the callback exchanges the code and stores the bot token sealed; reused,
// forged and expired states, a refusal and a failed exchange each land on the dashboard's words;
// the workspace shows the connection (never the token); DELETE revokes and forgets it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/db.js';
import type { TestService } from '../support/service.js';
import { SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, startSlackStandin, type SlackStandin } from '../support/slack-standin.js';
import { call, MovableClock, newWorkspace } from '../workspaces/helpers.js';
import { hop, onService, PUBLIC_BASE, startSlackService, walkInstall } from './helpers.js';

const CALLBACK = `${PUBLIC_BASE}/api/v1/integrations/slack/callback`;

describe.each(testDatabases())('connecting Slack on $name', (database) => {
  let standin: SlackStandin;
  let svc: TestService;
  const clock = new MovableClock(new Date());
  beforeAll(async () => {
    standin = await startSlackStandin();
    svc = await startSlackService(standin, {}, { store: await database.open(), clock: { now: () => clock.now() } });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  it('refuses install without a bearer key', async () => {
    const r = await call(svc.base, 'GET', '/integrations/slack/install');
    expect([r.status, r.json.code]).toEqual([401, 'unauthorized']);
  });

  it('redirects install to the consent screen with a one-time state stored only as its hash', async () => {
    const { key, id } = await newWorkspace(svc.base);
    const r = await hop(`${svc.base}/api/v1/integrations/slack/install`, { authorization: `Bearer ${key}` });
    expect(r.status).toBe(302);
    const to = new URL(r.location!);
    expect(`${to.origin}${to.pathname}`).toBe(`${standin.url}/oauth/v2/authorize`);
    expect(to.searchParams.get('client_id')).toBe(SLACK_CLIENT_ID);
    expect(to.searchParams.get('scope')).toBe('chat:write,incoming-webhook');
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const state = to.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await svc.rt.store.db.selectFrom('slack_oauth_states').selectAll().where('workspace_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state_hash).toBe(createHash('sha256').update(state).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(Date.parse(rows[0]!.expires_at) - clock.now().getTime()).toBe(10 * 60_000);

    const json = await call(svc.base, 'GET', '/integrations/slack/install?format=json', { key });
    expect(json.status).toBe(200);
    expect(json.json.url).toMatch(new RegExp(`^${standin.url}/oauth/v2/authorize\\?client_id=`));
    expect(new URL(json.json.url).searchParams.get('state')).not.toBe(state);
    // Repeated clicks keep only the newest five states of the workspace.
    for (let i = 0; i < 6; i++) {
      clock.advance(1000); // the test clock stands still otherwise: give each state its own instant
      expect((await call(svc.base, 'GET', '/integrations/slack/install?format=json', { key })).status).toBe(200);
    }
    const live = await svc.rt.store.db.selectFrom('slack_oauth_states').select('state_hash').where('workspace_id', '=', id).execute();
    expect(live).toHaveLength(5);
    expect(live.map((r) => r.state_hash)).not.toContain(rows[0]!.state_hash);
  });

  it('exchanges the code with oauth.v2.access, stores the bot token sealed and shows the connection', async () => {
    const { key, id } = await newWorkspace(svc.base);
    const walk = await walkInstall(svc, key);
    expect(walk.callback).toEqual({ status: 302, location: '/app?slack=connected' });
    const exchange = standin.calls('oauth.v2.access').at(-1)!;
    expect(exchange.params).toMatchObject({ client_id: SLACK_CLIENT_ID, client_secret: SLACK_CLIENT_SECRET, redirect_uri: CALLBACK, code: new URL(walk.callbackUrl).searchParams.get('code') });
    const token = [...standin.tokens.keys()].at(-1)!;

    const row = await svc.rt.store.db.selectFrom('slack_integrations').selectAll().where('workspace_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(5, 20));
    expect(row.bot_token_sealed).toMatch(/^v1\./);
    expect(svc.rt.secrets.open(row.bot_token_sealed!)).toBe(token);
    expect(row).toMatchObject({ team_id: 'T0STANDIN', team_name: 'Standin Shop', channel_id: 'C0ALERTS', channel_name: 'site-alerts', disconnected_at: null });

    const current = await call(svc.base, 'GET', '/workspaces/current', { key });
    expect(current.json.slack).toEqual({ connected: true, team_id: 'T0STANDIN', team_name: 'Standin Shop', channel_id: 'C0ALERTS', channel_name: 'site-alerts', connected_at: row.connected_at, disconnected_reason: null });
    expect(JSON.stringify(current.json)).not.toContain(token);
    expect((await call(svc.base, 'GET', '/integrations/slack', { key })).json).toEqual(current.json.slack);

    // The state worked once: Slack's redirect replayed lands on the error word, with no second exchange.
    const exchanges = standin.calls('oauth.v2.access').length;
    expect(await hop(walk.callbackUrl)).toEqual({ status: 302, location: '/app?slack=error' });
    expect(standin.calls('oauth.v2.access')).toHaveLength(exchanges);
  });

  it('answers forged, expired and missing states, a refusal and a failed exchange with the dashboard\'s words', async () => {
    const { key, id } = await newWorkspace(svc.base);
    const install = await hop(`${svc.base}/api/v1/integrations/slack/install`, { authorization: `Bearer ${key}` });
    const consent = await hop(install.location!);
    const real = new URL(onService(svc, consent.location!));
    const forged = new URL(real);
    forged.searchParams.set('state', 'A'.repeat(43));
    const exchanges = standin.calls('oauth.v2.access').length;
    expect(await hop(forged.href)).toEqual({ status: 302, location: '/app?slack=error' });
    const missing = new URL(real);
    missing.searchParams.delete('state');
    expect(await hop(missing.href)).toEqual({ status: 302, location: '/app?slack=error' });
    expect(await hop(`${svc.base}/api/v1/integrations/slack/callback`)).toEqual({ status: 302, location: '/app?slack=error' });
    expect(await hop(`${svc.base}/api/v1/integrations/slack/callback?code=a&code=b&state=x&state=y`)).toEqual({ status: 302, location: '/app?slack=error' });
    expect(standin.calls('oauth.v2.access')).toHaveLength(exchanges); // a bad state never reaches Slack

    clock.advance(10 * 60_000 + 1000); // the real state has expired meanwhile
    expect(await hop(real.href)).toEqual({ status: 302, location: '/app?slack=error' });
    expect(standin.calls('oauth.v2.access')).toHaveLength(exchanges);

    standin.consent = 'deny';
    try {
      expect((await walkInstall(svc, key)).callback).toEqual({ status: 302, location: '/app?slack=denied' });
    } finally {
      standin.consent = 'approve';
    }
    standin.exchangeFailure = 'invalid_code';
    try {
      expect((await walkInstall(svc, key)).callback).toEqual({ status: 302, location: '/app?slack=error' });
    } finally {
      standin.exchangeFailure = null;
    }
    expect((await call(svc.base, 'GET', '/workspaces/current', { key })).json.slack.connected).toBe(false);
    expect(await svc.rt.store.slack.get(id)).toBeUndefined();
  });

  it('disconnects: the token is revoked at Slack and forgotten, and the workspace says so', async () => {
    const { key, id } = await newWorkspace(svc.base);
    expect((await walkInstall(svc, key)).callback.location).toBe('/app?slack=connected');
    const token = [...standin.tokens.keys()].at(-1)!;
    const r = await fetch(`${svc.base}/api/v1/integrations/slack`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    expect(r.status).toBe(204);
    expect(standin.calls('auth.revoke').at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect(standin.tokens.get(token)).toEqual({ revoked: true });
    expect((await svc.rt.store.slack.get(id))!.bot_token_sealed).toBeNull();
    expect((await call(svc.base, 'GET', '/integrations/slack', { key })).json).toMatchObject({ connected: false, team_name: 'Standin Shop', disconnected_reason: 'disconnected' });
    expect((await fetch(`${svc.base}/api/v1/integrations/slack`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } })).status).toBe(204);
    // Connecting again brings it back.
    expect((await walkInstall(svc, key)).callback.location).toBe('/app?slack=connected');
    expect((await call(svc.base, 'GET', '/integrations/slack', { key })).json).toMatchObject({ connected: true, disconnected_reason: null });
  });
});

describe('Slack on an installation without it', () => {
  let svc: TestService;
  let standin: SlackStandin;
  beforeAll(async () => {
    standin = await startSlackStandin();
    svc = await startSlackService(standin, { SLACK_CLIENT_ID: '', SLACK_CLIENT_SECRET: '' });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  it('answers install with 503 slack_unconfigured, and the workspace shows Slack not connected', async () => {
    const { key } = await newWorkspace(svc.base);
    for (const path of ['/integrations/slack/install', '/integrations/slack/install?format=json']) {
      const r = await call(svc.base, 'GET', path, { key });
      expect([r.status, r.json.code]).toEqual([503, 'slack_unconfigured']);
      expect(r.json.hint).toMatch(/SLACK_CLIENT_ID/);
    }
    expect((await call(svc.base, 'GET', '/workspaces/current', { key })).json.slack).toMatchObject({ connected: false, team_name: null });
    expect(standin.requests).toHaveLength(0);
  });
});
