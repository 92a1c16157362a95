// The breakage kinds that watch the page, and shrinking, in real Chromium against the loopback chaos
// shop: each planted bug is found with scripted moves, its well-made twin on the same shop is not;
// a 12-step walk that ends in an unhandled rejection shrinks to the two steps that matter, and those
// make a valid draft flow; a replay on a host authorized for writes sends none. Every persona let
// loose on the `clean` fixture site finds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveIdentities } from '../../src/acting/identity.js';
import { captureRun } from '../../src/capture/capture-run.js';
import { personaDriver } from '../../src/capture/drivers/persona.js';
import { RunSession } from '../../src/capture/session/run-session.js';
import { signatureOf } from '../../src/gremlin/breakage.js';
import { draftFlowOf, reproductionOf, type Played } from '../../src/gremlin/draft-flow.js';
import { PERSONAS, type GremlinAction } from '../../src/gremlin/personas.js';
import { replayShows } from '../../src/gremlin/replay.js';
import { installSafety } from '../../src/gremlin/safety.js';
import { shrinkWalk } from '../../src/gremlin/shrink.js';
import { ChaosStepper, type StepOutcome } from '../../src/gremlin/step.js';
import { validateSpec } from '../../src/flows/validate-spec.js';
import { newBrowser } from '../support/audit.js';
import { startChaosShop, type ChaosShop } from '../support/chaos-shop.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';

let shop: ChaosShop;
let clean: FixtureSite;
const browser = newBrowser();

beforeAll(async () => {
  shop = await startChaosShop();
  clean = await serveSite('clean');
});
afterAll(async () => {
  await shop?.close();
  await clean?.close();
  await browser.close();
});

type Move = { click: string } | { fill: string; value: string; submit?: boolean } | { back: true } | { press: string };

const open = (url: string, allowlist = [shop.hostPort]) =>
  RunSession.open({ runId: 'chaos-kinds', url, maxPages: 1, pageConcurrency: 2, deadlineMs: 90_000, guard: { allowlist }, browser });

/** Plays scripted moves as a persona would (same stepper, same safety contract); the outcome of each. */
async function play(session: RunSession, url: string, moves: Move[]): Promise<{ outs: StepOutcome[]; played: Played[] }> {
  const safety = await installSafety(session.context, { mutationHosts: new Set(), step: () => 0 });
  const page = await session.openPage();
  await page.goto(url, { maxMs: 1000, quietMs: 150 });
  const stepper = new ChaosStepper(page, safety, false);
  const outs: StepOutcome[] = [];
  const played: Played[] = [];
  for (const m of moves) {
    const offer = await interactiveIdentities(page.page, 150);
    const named = (n: string) => offer.find((t) => t.name === n || t.label === n) ?? (() => { throw new Error(`no "${n}" on ${page.page.url()}`); })();
    const action: GremlinAction = 'click' in m ? { kind: 'click', target: named(m.click), repeat: 1 }
      : 'fill' in m ? { kind: 'fill', target: named(m.fill), value: m.value, submit: m.submit ?? false }
      : 'press' in m ? { kind: 'press', key: m.press } : { kind: 'back' };
    const out = await stepper.play(action);
    outs.push(out);
    played.push({ action, urlAfter: out.urlAfter, at: new Date().toISOString() });
  }
  await page.close();
  return { outs, played };
}

const kinds = (outs: StepOutcome[]) => outs.map((o) => o.found.map((f) => f.kind));

describe('breakage that needs watching the page', () => {
  it('a dead click, a NaN total and an unhandled rejection on the planted controls; none on the working ones', async () => {
    const session = await open(`${shop.origin}/gifts`);
    try {
      const { outs } = await play(session, `${shop.origin}/gifts`, [
        { click: 'Show details' }, { click: 'Add gift card to cart' }, { click: 'Add to wishlist' }, { fill: 'How many cards?', value: '2' },
        { fill: 'How many cards?', value: 'tow' }, { click: 'Cart' },
      ]);
      expect(kinds(outs)).toEqual([[], [], ['dead_click'], [], ['broken_text'], ['uncaught_exception']]);
      expect(outs[2]!.found[0]!.message).toMatch(/button “Add to wishlist” on \/gifts did nothing/);
      expect(outs[5]!.found[0]!.message).toMatch(/reading 'kg'/);
    } finally {
      await session.close();
    }
  });

  it('a form that wipes what was typed on validation, not one that keeps it (also when left and come back to)', async () => {
    const session = await open(`${shop.origin}/contact`);
    try {
      const wiped = await play(session, `${shop.origin}/contact`, [{ fill: 'Your name', value: 'Ada Lovelace' }, { click: 'Send' }]);
      expect(kinds(wiped.outs)).toEqual([[], ['lost_input']]);
      const kept = await play(session, `${shop.origin}/newsletter`, [
        { fill: 'Your name', value: 'Ada Lovelace' }, { click: 'Subscribe' }, { click: 'Search' }, { back: true }, { fill: 'Email', value: 'ada@example.com', submit: true },
      ]);
      expect(kinds(kept.outs)).toEqual([[], [], [], [], []]);
    } finally {
      await session.close();
    }
  });

  it('a loading indicator that never ends, not one that ends late', async () => {
    const session = await open(`${shop.origin}/reviews`);
    try {
      const stuck = await play(session, `${shop.origin}/reviews`, [{ press: 'Tab' }, { press: 'Tab' }]);
      expect(kinds(stuck.outs)).toEqual([['endless_spinner'], []]);
      expect(stuck.outs[0]!.found[0]!.message).toMatch(/“Loading reviews…” on \/reviews was still showing after 5 s/);
      const slow = await play(session, `${shop.origin}/questions`, [{ press: 'Tab' }]);
      expect(kinds(slow.outs)).toEqual([[]]);
    } finally {
      await session.close();
    }
  });
});

describe('shrinking', () => {
  it('reduces a 12-step walk that ends in an unhandled rejection to the two steps that matter; they make a valid draft flow', async () => {
    const start = `${shop.origin}/gifts`;
    const session = await open(start);
    try {
      const { outs, played } = await play(session, start, [
        { click: 'Add gift card to cart' }, { click: 'Home' }, { click: 'Search' }, { click: 'Lamp' }, { click: 'Gifts' }, { click: 'Home' },
        { click: 'Search' }, { click: 'Lamp' }, { click: 'Home' }, { click: 'Gifts' }, { click: 'Search' }, { click: 'Cart' },
      ]);
      expect(played).toHaveLength(12);
      const last = outs[11]!.found.find((f) => f.kind === 'uncaught_exception')!;
      expect(last.message).toMatch(/reading 'kg'/);
      const signature = signatureOf(last, outs[11]!.urlAfter);
      let replays = 0;
      const started = Date.now();
      const r = await shrinkWalk(played, (steps) => replayShows({ session, startUrl: start, mutationHosts: new Set(), hurried: false, reserveMs: 5000 }, steps.map((p) => p.action), signature, 'uncaught_exception'), () => replays++ < 30);
      expect(r.reproduced).toBe(true);
      expect(r.steps.map((p) => (p.action as { target: { name: string } }).target.name)).toEqual(['Add gift card to cart', 'Cart']);
      expect(r.replays).toBeLessThanOrEqual(30);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(reproductionOf(start, r.steps)).toEqual([{ action: 'goto', url: start }, { action: 'click', target: 'Add gift card to cart' }, { action: 'click', target: 'Cart' }]);
      const draft = draftFlowOf(start, r.steps, last);
      expect(validateSpec(JSON.parse(JSON.stringify(draft)))).toMatchObject({ ok: true });
      expect(draft.steps.map((s) => [s.action, s.target ?? s.url])).toEqual([['goto', start], ['click', 'Add gift card to cart'], ['click', 'Cart'], ['expect_no_errors', undefined]]);
    } finally {
      await session.close();
    }
  });

  it('replays as a dry run even on a host authorized for writes: the review the walk posted is not posted again', async () => {
    const start = `${shop.origin}/`;
    const session = await open(start);
    try {
      const { played } = await play(session, start, [{ fill: 'Your review', value: 'Bright and steady' }, { click: 'Post review' }]);
      const posts = () => shop.hits.filter((h) => h.method === 'POST' && h.path === '/reviews').length;
      const before = posts();
      const heldBack = { writes: 0 };
      const setup = { session, startUrl: start, mutationHosts: new Set(['127.0.0.1']), heldBack, hurried: false, reserveMs: 5000 };
      expect(await replayShows(setup, played.map((p) => p.action), 'server_error never', 'server_error')).toBe(false);
      expect(posts()).toBe(before);
      expect(heldBack.writes).toBe(1);
    } finally {
      await session.close();
    }
  });
});

describe('a well-made site', () => {
  it('gives no persona anything to report', async () => {
    const runs = await Promise.all(PERSONAS.map((persona) => captureRun({ runId: `clean-${persona}`, url: clean.url, maxPages: 1, pageConcurrency: 2, deadlineMs: 60_000, guard: { allowlist: clean.allowlist }, browser },
      personaDriver, { url: clean.url, persona, seed: 11, stepCap: 8, mutationHosts: [], direction: null })));
    for (const [i, { bundle }] of runs.entries()) {
      expect(bundle.chaos!.breakages.map((b) => `${PERSONAS[i]}: ${b.kind} ${b.message}`)).toEqual([]);
      expect(bundle.flows![0]!.steps.length).toBe(8);
    }
  });
});
