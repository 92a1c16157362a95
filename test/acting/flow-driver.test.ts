// The acting engine in real Chromium against the loopback shop: steps resolved the way a person
// reads the page, variables never recorded, screenshots masked, and replays of pinned steps that
// fail (never click the wrong thing) when the page changed — or heal visibly when only details moved.
// Against the chaos shop: `expect_no_errors` fails on an exception, a rejection or the site's 5xx
// since the previous such step, and lets a third party's 5xx pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureRun } from '../../src/capture/capture-run.js';
import { flowDriver, type FlowToRun } from '../../src/capture/drivers/flow.js';
import type { ActStep } from '../../src/acting/types.js';
import { newBrowser } from '../support/audit.js';
import { SHOP_PASSWORD, SHOP_USER, startShopApp, type ShopApp } from '../support/shop-app.js';
import { startChaosShop, type ChaosShop } from '../support/chaos-shop.js';

let shop: ShopApp;
let chaosShop: ChaosShop;
const browser = newBrowser();

beforeAll(async () => {
  shop = await startShopApp();
  chaosShop = await startChaosShop();
});
afterAll(async () => {
  await shop.close();
  await chaosShop?.close();
  await browser.close();
});

const run = (flow: Omit<FlowToRun, 'flow_id' | 'name'>) =>
  captureRun({ runId: 'flow-test', url: flow.spec.start_url, maxPages: 1, pageConcurrency: 2, deadlineMs: 60_000, guard: { allowlist: [shop.hostPort] }, browser },
    flowDriver, { flows: [{ flow_id: null, name: 'test flow', ...flow }], accessibility: false });

const spec = (steps: ActStep[]) => ({ version: 'flow-spec/v1', start_url: `${shop.origin}/`, steps });

describe('the flow driver', () => {
  it('signs in with variables, adds to cart and fills a form; no variable value is recorded anywhere', async () => {
    const { bundle, images } = await run({
      vars: { EMAIL: SHOP_USER, PASSWORD: SHOP_PASSWORD },
      spec: spec([
        { id: 's1', action: 'goto', url: '/login' },
        { id: 's2', action: 'fill', target: 'Email', value: '{{EMAIL}}' },
        { id: 's3', action: 'fill', target: 'Password', value: '{{PASSWORD}}' },
        { id: 's4', action: 'click', target: 'Sign in' },
        { id: 's5', action: 'expect_url', text: '/account' },
        { id: 's6', action: 'expect_text', text: 'Welcome back' },
        { id: 's7', action: 'click', target: 'Lamp' },
        { id: 's8', action: 'click', target: 'Add to cart' },
        { id: 's9', action: 'wait_for', text: 'Added to cart' },
        { id: 's10', action: 'goto', url: '/contact' },
        { id: 's11', action: 'fill', target: 'Your name', value: 'Ada' },
        { id: 's12', action: 'select', target: 'Topic', value: 'Returns' },
        { id: 's13', action: 'check', target: 'Send me the newsletter' },
        { id: 's14', action: 'click', target: 'Send message' },
        { id: 's15', action: 'expect_text', text: 'Thanks, Ada. Topic: Returns. Newsletter: yes.' },
        { id: 's16', action: 'expect_status', status: 200 },
        { id: 's17', action: 'expect_no_text', text: 'Invalid email' },
        { id: 's18', action: 'expect_visible', target: 'Thank you' },
      ]),
    });
    const flow = bundle.flows![0]!;
    expect(flow.steps.map((s) => [s.step_id, s.outcome, s.error])).toEqual(flow.steps.map((s) => [s.step_id, 'passed', null]));
    expect(flow.outcome).toBe('passed');
    expect(flow.steps[3]!.resolved).toMatchObject({ role: 'button', name: 'Sign in', form: 'Sign in' });
    expect(flow.steps[4]!.url_after).toBe(`${shop.origin}/account`);
    // The password went to the shop, and nowhere into the evidence.
    expect(shop.hits.some((h) => h.method === 'POST' && h.path === '/login' && h.body.includes('correct-horse'))).toBe(true);
    const text = JSON.stringify(bundle);
    expect(text).not.toContain(SHOP_PASSWORD);
    expect(text).not.toContain(SHOP_USER);
    expect(text).not.toContain(encodeURIComponent(SHOP_USER));
    expect(flow.steps[2]!.value).toBe('{{PASSWORD}}');
    // A screenshot per step, kept beside the bundle.
    expect(flow.steps.every((s) => s.screenshot !== null)).toBe(true);
    expect(images).toHaveLength(flow.steps.length);
    expect(images[0]!.data.subarray(0, 2).toString('hex')).toBe('ffd8');
    // The page where the flow ended is evidence for the checks.
    expect(bundle.pages[0]?.final_url).toBe(`${shop.origin}/contact`);
  });

  it('fails a step that names nothing, with the nearest candidates, and skips the rest', async () => {
    const { bundle } = await run({ vars: {}, spec: spec([{ id: 's1', action: 'click', target: 'Add to bag' }, { id: 's2', action: 'click', target: 'Home' }]) });
    const [start, missing, rest] = bundle.flows![0]!.steps;
    expect(start!.outcome).toBe('passed');
    expect(missing).toMatchObject({ outcome: 'failed', error: 'nothing on the page matches "Add to bag"' });
    expect(missing!.candidates.length).toBeGreaterThan(0);
    expect(rest!.outcome).toBe('skipped');
    expect(bundle.flows![0]!.outcome).toBe('failed');
  });

  it('fails an ambiguous step instead of choosing', async () => {
    const { bundle } = await run({ vars: {}, spec: spec([{ id: 's1', action: 'goto', url: '/products/1' }, { id: 's2', action: 'click', target: 'Add to' }]) });
    expect(bundle.flows![0]!.steps[1]).toMatchObject({ outcome: 'failed' });
    expect(bundle.flows![0]!.steps[1]!.error).toMatch(/matches 2 elements/);
  });

  it('replays pinned steps; a renamed button fails without a click, swapped buttons still hit the pinned one', async () => {
    const steps: ActStep[] = [{ id: 's1', action: 'goto', url: '/products/1' }, { id: 's2', action: 'click', target: 'Add to cart' }, { id: 's3', action: 'wait_for', text: 'Added to cart' }];
    const first = await run({ vars: {}, spec: spec(steps) });
    const pinned = first.bundle.flows![0]!.steps[1]!.resolved!;
    expect(pinned).toMatchObject({ role: 'button', name: 'Add to cart', css: '#primary' });
    const pinnedSteps = steps.map((s) => (s.id === 's2' ? { ...s, pinned } : s));

    shop.variant = 'renamed';
    const before = shop.hits.length;
    const renamed = await run({ vars: {}, spec: spec(pinnedSteps) });
    const step = renamed.bundle.flows![0]!.steps[1]!;
    expect(step.outcome).toBe('failed');
    expect(step.error).toMatch(/expected button "Add to cart", found button "Buy now"/);
    expect(shop.hits.slice(before).filter((h) => h.method === 'POST')).toEqual([]);

    shop.variant = 'swapped';
    const swapped = await run({ vars: {}, spec: spec(pinnedSteps) });
    const s2 = swapped.bundle.flows![0]!.steps[1]!;
    expect(s2.outcome).toBe('healed');
    expect(s2.resolved).toMatchObject({ name: 'Add to cart', css: '#secondary' });
    expect(swapped.bundle.flows![0]!.steps[2]!.outcome).toBe('passed');
    const posts = shop.hits.filter((h) => h.method === 'POST').map((h) => h.path);
    expect(posts.filter((p) => p === '/wishlist' || p === '/buy')).toEqual([]);
    shop.variant = 'normal';
  });

  it('expect_no_errors: fails on an exception or a rejection since the previous check, with the message; a third party answering 500 is not the site', async () => {
    const port = new URL(chaosShop.origin).port;
    const { bundle } = await captureRun({ runId: 'flow-errors', url: chaosShop.origin, maxPages: 1, pageConcurrency: 2, deadlineMs: 60_000, guard: { allowlist: [chaosShop.hostPort, `localhost:${port}`] }, browser }, flowDriver, {
      accessibility: false,
      flows: [
        { flow_id: null, name: 'search', vars: {}, spec: { version: 'flow-spec/v1', start_url: `${chaosShop.origin}/search`, steps: [
          { id: 's1', action: 'goto', url: '/search' },
          { id: 's2', action: 'expect_no_errors' },
          { id: 's3', action: 'fill', target: 'Search', value: 'lamp" OR "1' },
          { id: 's4', action: 'press', key: 'Enter' },
          { id: 's5', action: 'expect_no_errors' },
        ] } },
        { flow_id: null, name: 'gift card', vars: {}, spec: { version: 'flow-spec/v1', start_url: `${chaosShop.origin}/gifts`, steps: [
          { id: 's1', action: 'click', target: 'Add gift card to cart' },
          { id: 's2', action: 'goto', url: '/cart' },
          { id: 's3', action: 'expect_no_errors' },
        ] } },
        { flow_id: null, name: 'third party', vars: {}, spec: { version: 'flow-spec/v1', start_url: `${chaosShop.origin}/help`, steps: [
          { id: 's1', action: 'goto', url: `http://localhost:${port}/help/returns` },
          { id: 's2', action: 'expect_status', status: 500 },
          { id: 's3', action: 'expect_no_errors' },
        ] } },
      ],
    });
    const [search, gift, third] = bundle.flows!;
    expect(search!.steps.map((s) => s.outcome)).toEqual(['passed', 'passed', 'passed', 'passed', 'failed']);
    expect(search!.steps[4]!.error).toMatch(/^1 error on the page since step 2 checked it: uncaught exception “.*JSON/);
    expect(gift!.steps.map((s) => s.outcome)).toEqual(['passed', 'passed', 'passed', 'failed']);
    expect(gift!.steps[3]!.error).toMatch(/^1 error on the page since the flow started: uncaught exception “Cannot read properties of undefined \(reading 'kg'\)”/);
    expect(third!.outcome).toBe('passed');
  });
});
