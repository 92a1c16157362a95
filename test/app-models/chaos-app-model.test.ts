// A chaos run in real Chromium against the loopback chaos shop keeps out of the app model's
// never-touch areas: the same seed that wipes the account and opens /admin without a model touches
// neither with one (the shop's own server hits prove it). The run pins the model version it was
// created with: v2, written right after, changes nothing, and the report JSON and HTML name v1.
// On a host authorized for mutation, a destructive action the model declares stays dry until the
// model allows it by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier } from '../../src/workspaces/service.js';
import { startChaosShop, type ChaosShop } from '../support/chaos-shop.js';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

let shop: ChaosShop;
let svc: TestService;
let key: string;
let start: string;

beforeAll(async () => {
  shop = await startChaosShop();
  const port = new URL(shop.origin).port;
  start = `http://localhost:${port}/account`;
  svc = await startTestService({ QA_URL_ALLOWLIST: `localhost:${port}`, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0' });
  const ws = await newWorkspace(svc.base);
  await setTier(svc.rt, ws.id, 'starter');
  key = ws.key;
  expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'localhost', allow_mutation: false } })).status).toBe(200);
});
afterAll(async () => {
  await svc?.stop();
  await shop?.close();
});

async function chaos(seed: number, afterStart?: () => Promise<void>, body: Record<string, unknown> = { url: start, persona: 'impatient' }) {
  const started = await call(svc.base, 'POST', '/gremlin', { key, body: { ...body, seed } });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  await afterStart?.();
  await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 90_000 });
  const report = (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json;
  return { started: started.json, report };
}

const touched = (from: number) => shop.hits.slice(from).filter((h) => h.path === '/account/wipe' || h.path.startsWith('/admin/')).map((h) => h.path);

const seed = 3;

describe('chaos runs with an app model', () => {
  it('without a model, the walk wipes the account or opens the admin area', async () => {
    const mark = shop.hits.length;
    const control = await chaos(seed);
    expect(control.report.status).toBe('succeeded');
    expect(control.report.conditions.app_model).toBeUndefined();
    // Without a model the walk does wipe the account and open the admin area.
    // (Which of the two, and how often, depends on how fast pages load: the walk is seeded, the page is not.)
    expect(touched(mark).length).toBeGreaterThan(0);
  }, 120_000);

  it('with one, never touches what the model forbids, by the version pinned at creation', async () => {
    const v1 = await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { never_touch: { urls: ['/admin/**'], selectors: ['#danger-zone'] } } });
    expect(v1.json.version).toBe(1);
    const mark = shop.hits.length;
    const guarded = await chaos(seed, async () => {
      expect((await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { notes: 'v2 forbids nothing' } })).json.version).toBe(2);
    });
    expect(guarded.report.status).toBe('succeeded');
    expect(touched(mark)).toEqual([]);
    // The persona never even tried: nothing had to be refused at the network.
    expect(guarded.report.chaos.refused).toEqual([]);
    // It still walked: the account and its orders were visited, many times.
    expect(shop.hits.slice(mark).filter((h) => h.path === '/account/orders').length).toBeGreaterThan(0);
    expect(guarded.report.conditions.app_model).toEqual({ domain: 'localhost', version: 1 });
    const html = await (await fetch(`${svc.base}${guarded.started.report_url}`)).text();
    expect(html).toMatch(/App model<\/dt><dd>localhost, version 1/);
  }, 120_000);

  it('a run created after v2 pins v2, which forbids nothing: the walk goes where it went without a model', async () => {
    const mark = shop.hits.length;
    const unguarded = await chaos(seed);
    expect(unguarded.report.conditions.app_model).toEqual({ domain: 'localhost', version: 2 });
    expect(touched(mark).length).toBeGreaterThan(0);
  }, 120_000);

  it('on an authorized host, a declared destructive action stays dry until the model allows it by name', async () => {
    expect((await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'localhost', allow_mutation: true } })).status).toBe(200);
    const review = { url: start.replace('/account', '/'), persona: 'hostile', direction: 'post a review' };
    const posts = (from: number) => shop.hits.slice(from).filter((h) => h.method === 'POST' && h.path === '/reviews').length;
    await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { destructive_actions: { actions: [{ name: 'post_review', url: '/reviews' }] } } });
    let mark = shop.hits.length;
    const dry = await chaos(2, undefined, review);
    expect(dry.started.mode).toBe('mutation_allowed');
    expect(posts(mark)).toBe(0);
    expect(dry.report.chaos.would_have_sent.map((w: any) => `${w.method} ${new URL(w.url).pathname}`)).toContain('POST /reviews');
    await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { destructive_actions: { actions: [{ name: 'post_review', url: '/reviews' }], allow: ['post_review'] } } });
    mark = shop.hits.length;
    await chaos(2, undefined, review);
    expect(posts(mark)).toBeGreaterThan(0);
  }, 120_000);
});
