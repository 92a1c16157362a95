// The login's exception to a chaos run's dry run is as narrow as docs/app-models.md says: only while
// the submit step is under way, and only to a real http(s) action. Real Chromium against a loopback
// site: a page behind the login that posts to the login URL again once the submit is over stays dry,
// and a login form whose action is no URL at all does not fail the run. One persona step each.
// Progress events (the hooks) of a signed-in chaos run and audit never carry the account's values,
// even when the page behind the login has the user name in its URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureRun } from '../../src/capture/capture-run.js';
import { crawl } from '../../src/capture/drivers/crawl.js';
import { personaDriver } from '../../src/capture/drivers/persona.js';
import { signingIn } from '../../src/capture/drivers/sign-in.js';
import type { DriverHooks } from '../../src/capture/drivers/types.js';
import { newBrowser } from '../support/audit.js';

const USER = 'ada@site.test';
const PASSWORD = 'correct-horse-battery';
let server: Server;
let origin: string;
let hostPort: string;
const posts: string[] = [];
const browser = newBrowser();

const LOGIN = (action: string) => `<!doctype html><title>Sign in</title><form method="post" action="${action}">
<label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password"></label>
<button>Sign in</button></form>`;
// Behind the login: once the submit step has settled, the page posts to the login URL again, and
// only later says it is signed in.
const ACCOUNT = `<!doctype html><title>Account</title><p id="msg">Loading…</p><script>
setTimeout(() => fetch('/login', { method: 'POST', body: 'again=1' }), 1500);
setTimeout(() => { document.getElementById('msg').textContent = 'Welcome back'; }, 2500);
</script>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        posts.push(`${path} ${body.includes('again') ? 'again' : 'form'}`);
        if (body.includes('again')) return res.writeHead(200).end('ok');
        res.writeHead(303, { location: path === '/login-u' ? `/u/${encodeURIComponent(USER)}` : '/account', 'set-cookie': 'sid=1; Path=/' }).end();
      });
      return;
    }
    if (path === '/' && (req.headers.cookie ?? '').includes('sid=1')) return res.writeHead(302, { location: `/u/${encodeURIComponent(USER)}` }).end();
    const html = path === '/login' ? LOGIN('/login') : path === '/login-u' ? LOGIN('/login-u') : path === '/bad-login' ? LOGIN('http://[') : path === '/account' ? ACCOUNT : '<!doctype html><title>Home</title><p>Home</p>';
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  hostPort = `127.0.0.1:${port}`;
});
afterAll(async () => {
  await browser.close();
  await new Promise((r) => server.close(r));
});

const chaosRun = (loginPath: string, success?: { text: string }, hooks: DriverHooks = {}) =>
  captureRun({ runId: 'login-exemption', url: `${origin}/`, maxPages: 1, pageConcurrency: 1, deadlineMs: 60_000, guard: { allowlist: [hostPort] }, browser }, personaDriver, {
    url: `${origin}/`, persona: 'confused_newbie', seed: 1, stepCap: 1, mutationHosts: [], direction: null,
    login: { plan: { account: 'SITE_USER', url: `${origin}${loginPath}`, username: USER, password: PASSWORD, ...(success ? { success } : {}) } },
  }, hooks);

function recording(): { hooks: DriverHooks; seen: string[] } {
  const seen: string[] = [];
  return { seen, hooks: { onPage: (p) => seen.push(JSON.stringify(p)), onStep: (s) => seen.push(JSON.stringify(s)) } };
}

describe('progress events of a signed-in run', () => {
  it('a chaos run\'s steps and page never show the user name, though the page behind the login has it in its URL', async () => {
    const { hooks, seen } = recording();
    // The login lands on the user's own page: its success check step is a progress event too.
    const { bundle } = await chaosRun('/login-u', undefined, hooks);
    expect(bundle.conditions.login).toMatchObject({ outcome: 'logged_in' });
    expect(seen.some((s) => s.includes('"expect_signed_in"') && s.includes('/u/••••'))).toBe(true);
    expect(bundle.pages[0]!.final_url).toBe(`${origin}/u/••••`);
    expect(seen.length).toBeGreaterThan(2);
    for (const s of seen) for (const v of [USER, encodeURIComponent(USER), PASSWORD]) expect(s).not.toContain(v);
  }, 90_000);

  it('an audit\'s pages neither', async () => {
    const { hooks, seen } = recording();
    const { bundle } = await captureRun({ runId: 'login-audit', url: `${origin}/`, maxPages: 2, pageConcurrency: 1, deadlineMs: 60_000, guard: { allowlist: [hostPort] }, browser }, signingIn(crawl), {
      url: `${origin}/`, maxPages: 2, consent: false, interactive: false, accessibility: false,
      login: { plan: { account: 'SITE_USER', url: `${origin}/login`, username: USER, password: PASSWORD } },
    }, hooks);
    expect(bundle.conditions.login).toMatchObject({ outcome: 'logged_in' });
    expect(bundle.pages[0]!.final_url).toBe(`${origin}/u/••••`);
    expect(seen.some((s) => s.includes('/u/••••'))).toBe(true);
    for (const s of seen) for (const v of [USER, encodeURIComponent(USER), PASSWORD]) expect(s).not.toContain(v);
  }, 90_000);
});

describe('the login\'s exception to the dry run', () => {
  it('ends with the submit step: the page behind the login posting to the login URL while the success check waits stays dry', async () => {
    posts.length = 0;
    const { bundle } = await chaosRun('/login', { text: 'Welcome back' });
    expect(bundle.conditions.login).toMatchObject({ outcome: 'logged_in', submitted: [{ method: 'POST', url: `${origin}/login` }] });
    expect(posts).toEqual(['/login form']);
    expect(bundle.chaos!.would_have_sent.map((w) => `${w.method} ${new URL(w.url).pathname}`)).toContain('POST /login');
  }, 90_000);

  it('a login form whose action is no URL authorizes nothing and does not fail the run', async () => {
    posts.length = 0;
    const { bundle } = await chaosRun('/bad-login');
    expect(bundle.conditions.login).toMatchObject({ account: 'SITE_USER', outcome: 'failed', submitted: [] });
    expect(posts).toEqual([]);
  }, 90_000);
});
