// A loopback stand-in of Slack for the real `@slack/web-api` client (SLACK_API_BASE = <url>/api,
// SLACK_OAUTH_URL = <url>/oauth/v2/authorize): the consent screen (approves, or denies, and
// redirects back with a code and the state), and the Web API methods siteqa calls —
// oauth.v2.access, chat.postMessage, auth.revoke — answering Slack's JSON shapes (`ok: true/false`,
// HTTP 200 for platform errors). It records every request and can fail or revoke on demand.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const SLACK_CLIENT_ID = '1111111111.2222222222';
export const SLACK_CLIENT_SECRET = 'slack-client-secret-0f9e8d7c6b5a';

export interface SlackRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | null;
}

interface Grant {
  redirectUri: string;
  scope: string;
}

export class SlackStandin {
  readonly requests: SlackRequest[] = [];
  /** Messages accepted by chat.postMessage, with the token that posted them. */
  readonly posted: Array<{ channel: string; text: string; token: string }> = [];
  /** Bot tokens handed out by oauth.v2.access; revoked ones answer `token_revoked`. */
  readonly tokens = new Map<string, { revoked: boolean }>();
  /** The next answers of chat.postMessage: a Slack error word, `http500` for an outage, `ratelimited` for a 429 with Retry-After: 7. */
  readonly postFailures: string[] = [];
  /** The consent screen: approve, or deny (redirects with error=access_denied). */
  consent: 'approve' | 'deny' = 'approve';
  /** oauth.v2.access answers ok:false with this error while set. */
  exchangeFailure: string | null = null;
  team = { id: 'T0STANDIN', name: 'Standin Shop' };
  channel = { id: 'C0ALERTS', name: '#site-alerts' };
  url = '';
  private readonly codes = new Map<string, Grant>();
  private seq = 0;
  private server = http.createServer((req, res) => void this.serve(req, res));

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** The service's environment for this stand-in. */
  env(): Record<string, string> {
    return { SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_API_BASE: `${this.url}/api`, SLACK_OAUTH_URL: `${this.url}/oauth/v2/authorize` };
  }

  calls(method: string): SlackRequest[] {
    return this.requests.filter((r) => r.path === `/api/${method}`);
  }

  /** Slack revokes a token (the app was removed from the Slack workspace). */
  revoke(token: string): void {
    this.tokens.set(token, { revoked: true });
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', this.url);
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, authorization });
    const json = (status: number, value: unknown): void => void res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
    const fail = (error: string) => json(200, { ok: false, error });

    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') return this.consentScreen(params, res);
    if (req.method !== 'POST') return json(404, { ok: false, error: 'unknown_method' });
    if (url.pathname === '/api/oauth.v2.access') {
      if (params.client_id !== SLACK_CLIENT_ID || params.client_secret !== SLACK_CLIENT_SECRET) return fail('invalid_client_id');
      if (this.exchangeFailure) return fail(this.exchangeFailure);
      const grant = params.code ? this.codes.get(params.code) : undefined;
      if (!grant) return fail('invalid_code');
      this.codes.delete(params.code!); // codes work once
      if (params.redirect_uri !== grant.redirectUri) return fail('bad_redirect_uri');
      const token = `xoxb-standin-${++this.seq}-a1b2c3d4e5f6a7b8c9d0`;
      this.tokens.set(token, { revoked: false });
      return json(200, {
        ok: true, app_id: 'A0STANDIN', authed_user: { id: 'U0INSTALLER' }, scope: grant.scope, token_type: 'bot', access_token: token,
        bot_user_id: 'U0BOT', team: this.team, enterprise: null, is_enterprise_install: false,
        incoming_webhook: { channel: this.channel.name, channel_id: this.channel.id, configuration_url: `https://standin.slack.example/services/B0${this.seq}`, url: `https://hooks.slack.example/services/${this.team.id}/B0${this.seq}/secret` },
      });
    }
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : (params.token ?? null);
    const known = token ? this.tokens.get(token) : undefined;
    if (!token) return fail('not_authed');
    if (!known) return fail('invalid_auth');
    if (known.revoked) return fail('token_revoked');
    if (url.pathname === '/api/auth.revoke') {
      this.revoke(token);
      return json(200, { ok: true, revoked: true });
    }
    if (url.pathname === '/api/chat.postMessage') {
      const failure = this.postFailures.shift();
      if (failure === 'http500') return json(500, { ok: false, error: 'internal_error' });
      if (failure === 'ratelimited') return void res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '7' }).end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      if (failure) return fail(failure);
      if (params.channel !== this.channel.id) return fail('channel_not_found');
      if (!params.text) return fail('no_text');
      this.posted.push({ channel: params.channel, text: params.text, token });
      return json(200, { ok: true, channel: params.channel, ts: `1700000000.${String(++this.seq).padStart(6, '0')}`, message: { type: 'message', text: params.text, bot_id: 'B0BOT' } });
    }
    return fail('unknown_method');
  }

  /** What the user's click on the consent screen does: back to redirect_uri with a code (or a refusal) and the state. */
  private consentScreen(params: Record<string, string>, res: http.ServerResponse): void {
    if (params.client_id !== SLACK_CLIENT_ID || !params.redirect_uri) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_client_id or missing redirect_uri');
      return;
    }
    const back = new URL(params.redirect_uri);
    if (this.consent === 'deny') back.searchParams.set('error', 'access_denied');
    else {
      const code = `${Date.now()}.${++this.seq}.standincode`;
      this.codes.set(code, { redirectUri: params.redirect_uri, scope: params.scope ?? '' });
      back.searchParams.set('code', code);
    }
    if (params.state) back.searchParams.set('state', params.state);
    res.writeHead(302, { location: back.href }).end();
  }
}

export async function startSlackStandin(): Promise<SlackStandin> {
  return new SlackStandin().start();
}
