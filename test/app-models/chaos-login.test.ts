// A chaos run signs in with the app model's test account before the persona walks, in real Chromium
// against the loopback shop (a session cookie after a login form, /account behind it). Without the
// account's stored credentials the run goes on logged out with a note; with them the walk starts on
// the page behind the login, the login's own POST being the one write let through in a dry run; with
// a wrong password the login fails as a flows.step_failed finding with what the page said. A keyed
// audit signs in too, with the fields and success signal a newer model version declares. The
// account's values appear in no report JSON or HTML, stored evidence, progress event, or log line
// (logged at trace).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { SHOP_PASSWORD, SHOP_USER, startShopApp, type ShopApp } from '../support/shop-app.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

const WRONG_PASSWORD = 'wrong-horse-staple-42';
let shop: ShopApp;
let svc: TestService;
let key: string;
let wsId: string;
let flowId: string;
let origin: string;
const lines: string[] = [];
const stored: string[] = [];

beforeAll(async () => {
  shop = await startShopApp();
  const port = new URL(shop.origin).port;
  origin = `http://localhost:${port}`;
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  svc = await startTestService({ LOG_LEVEL: 'trace', QA_URL_ALLOWLIST: `localhost:${port}`, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0' }, { logTo: sink });
  const ws = await newWorkspace(svc.base);
  key = ws.key;
  wsId = ws.id;
  await setTier(svc.rt, wsId, 'starter');
  expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'localhost', allow_mutation: false } })).status).toBe(200);
  // Credentials live with a flow of the workspace; this one only holds them.
  const flow = await call(svc.base, 'POST', '/flows', { key, body: { url: `${origin}/`, name: 'Holds the test account', test_case: 'go to /login' } });
  expect(flow.status, JSON.stringify(flow.json)).toBe(201);
  flowId = flow.json.flow_id;
  const model = await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { login: { url: '/login', accounts: ['SHOP_USER'] } } });
  expect(model.status, JSON.stringify(model.json)).toBe(200);
});
afterAll(async () => {
  await svc?.stop();
  await shop?.close();
});

async function storeAccount(password: string | null) {
  await setTier(svc.rt, wsId, 'starter');
  const credentials = password === null ? { SHOP_USER: null, SHOP_USER_PASSWORD: null } : { SHOP_USER: SHOP_USER, SHOP_USER_PASSWORD: password };
  expect((await call(svc.base, 'PUT', `/flows/${flowId}/credentials`, { key, body: { credentials } })).status).toBe(200);
  // The free tier's 8 steps are walk enough here.
  await setTier(svc.rt, wsId, 'free');
}

async function chaos() {
  const started = await call(svc.base, 'POST', '/gremlin', { key, body: { url: `${origin}/account`, persona: 'confused_newbie', seed: 5 } });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  expect(started.json.mode).toBe('dry_run');
  const { events } = await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 90_000 });
  const runId = started.json.run_id as string;
  const report = (await call(svc.base, 'GET', `/audits/${runId}/report.json`)).json;
  const html = await (await fetch(`${svc.base}${started.json.report_url}`)).text();
  const evidence = await svc.rt.store.evidence.get(runId);
  stored.push(JSON.stringify(report), html, JSON.stringify(evidence), JSON.stringify(events));
  const walk = (evidence!.bundle as any).flows.find((f: any) => !f.name.startsWith('Log in'));
  return { report, html, walk };
}

const loginPosts = (from: number) => shop.hits.slice(from).filter((h) => h.method === 'POST' && h.path === '/login');

describe('chaos runs signed in with the app model\'s test account', () => {
  it('without stored credentials: a note, and the walk goes on logged out', async () => {
    const mark = shop.hits.length;
    const { report, html, walk } = await chaos();
    expect(report.status).toBe('succeeded');
    expect(report.conditions.login).toMatchObject({ account: 'SHOP_USER', outcome: 'skipped', submitted: [] });
    expect(report.conditions.login.reason).toContain('SHOP_USER_PASSWORD');
    expect(report.notes.join('\n')).toMatch(/Not logged in as SHOP_USER: no stored credentials/);
    expect(html).toMatch(/Logged in<\/dt><dd>no, not as SHOP_USER/);
    expect(loginPosts(mark)).toEqual([]);
    // /account sent the visitor to the login page: the walk began there.
    expect(new URL(walk.steps[0].url_before).pathname).toBe('/login');
  }, 120_000);

  it('with them: signs in first, the login\'s POST the one write let through, and walks behind the login', async () => {
    await storeAccount(SHOP_PASSWORD);
    const mark = shop.hits.length;
    const { report, html, walk } = await chaos();
    expect(report.status).toBe('succeeded');
    expect(report.conditions.login).toEqual({ account: 'SHOP_USER', url: `${origin}/login`, outcome: 'logged_in', reason: null, submitted: [{ method: 'POST', url: `${origin}/login` }] });
    expect(html).toContain('Logged in</dt><dd>as SHOP_USER');
    const login = report.flows.flows.find((f: any) => f.name === 'Log in as SHOP_USER');
    expect(login.outcome).toBe('passed');
    expect(login.steps.map((s: any) => s.action)).toEqual(['goto', 'fill', 'fill', 'click', 'expect_signed_in']);
    expect(loginPosts(mark)).toHaveLength(1);
    // The walk started on the page behind the login, not on the login page.
    expect(new URL(walk.steps[0].url_before).pathname).toBe('/account');
    // The run stayed a dry run otherwise: no other POST reached the shop.
    expect(shop.hits.slice(mark).filter((h) => h.method !== 'GET' && h.path !== '/login')).toEqual([]);
    expect(report.findings.filter((f: any) => f.check_id === 'flows.step_failed')).toEqual([]);
  }, 120_000);

  it('an audit with its key signs in too, with the fields and success signal the model declares: the crawl starts behind the login', async () => {
    const declared = { url: '/login', accounts: ['SHOP_USER'], username_field: 'Email', password_field: 'Password', submit: 'Sign in', success: { url: '/account', text: 'Welcome back' } };
    expect((await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { login: declared } })).json.version).toBe(2);
    const started = await call(svc.base, 'POST', '/audits', { key, body: { url: `${origin}/account` } });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const { events } = await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 90_000 });
    const report = (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json;
    const html = await (await fetch(`${svc.base}${started.json.report_url}`)).text();
    stored.push(JSON.stringify(report), html, JSON.stringify(await svc.rt.store.evidence.get(started.json.run_id)), JSON.stringify(events));
    expect(report.status).toBe('succeeded');
    expect(report.conditions.login).toMatchObject({ account: 'SHOP_USER', outcome: 'logged_in', reason: null });
    expect(report.flows.flows.map((f: any) => `${f.name}: ${f.outcome}`)).toEqual(['Log in as SHOP_USER: passed']);
    expect(report.flows.flows[0].steps.map((st: any) => st.target)).toEqual([null, 'Email', 'Password', 'Sign in', 'url /account, text Welcome back']);
    // The start page is the account page itself, not the login page it sends visitors to.
    const startPage = report.pages[0];
    expect(new URL(startPage.final_url).pathname).toBe('/account');
    expect(startPage.title).toBe('Your account · Loopback Shop');
  }, 120_000);

  it('with a wrong password: the login fails as a finding with what the page said, and the walk goes on logged out', async () => {
    await storeAccount(WRONG_PASSWORD);
    const { report, walk } = await chaos();
    expect(report.status).toBe('succeeded');
    expect(report.conditions.login).toMatchObject({ account: 'SHOP_USER', outcome: 'failed' });
    expect(report.conditions.login.reason).toMatch(/step 5 \(expect_signed_in.*the page answered 401 — it says "Invalid email or password\."/);
    const failed = report.findings.filter((f: any) => f.check_id === 'flows.step_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].title).toContain('Flow "Log in as SHOP_USER" failed at step 5');
    expect(failed[0].evidence.screenshot).toMatch(/.+/);
    expect(new URL(walk.steps[0].url_before).pathname).toBe('/login');
  }, 120_000);

  it('never shows the account\'s values: not in report JSON or HTML, stored evidence, progress events, or any log line', () => {
    expect(stored).toHaveLength(16);
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [SHOP_PASSWORD, WRONG_PASSWORD, encodeURIComponent(SHOP_USER)]) {
      for (const s of stored) expect(s).not.toContain(secret);
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});
