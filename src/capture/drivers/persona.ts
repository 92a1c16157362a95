// The persona driver of a chaos run: a page session from the start URL, then up to `stepCap`
// actions chosen by the persona from what the page offers (seeded: the same seed replays the same
// walk), each checked by code for breakage. The safety contract is installed first: non-GET
// requests answered locally unless authorized, payment providers never reached, and the run stops
// when a payment form appears. The run stays on the start URL's site.
import { interactiveIdentities } from '../../acting/identity.js';
import type { AppModelDoc } from '../../app-models/document.js';
import type { Breakage, ChaosEvidence, FlowEvidence, PageEvidence, StepEvidence } from '../../evidence/types.js';
import { breakagesOf, lookAt } from '../../gremlin/breakage.js';
import { chooseAction, rng, type GremlinAction, type Persona } from '../../gremlin/personas.js';
import { chaosPolicyOf } from '../../gremlin/app-model-policy.js';
import { withoutNeverTouch } from '../../gremlin/never-touch.js';
import { installSafety, PAYMENT_FORM_SELECTOR } from '../../gremlin/safety.js';
import { snapshotPage } from '../page-recorder.js';
import { VIEWPORT } from '../run-context.js';
import { within } from '../time.js';
import { emptySite, type Driver } from './types.js';

export interface PersonaInput {
  url: string;
  persona: Persona;
  seed: number;
  stepCap: number;
  mutationHosts: string[];
  /** Untrusted words that may only bias which targets are chosen. */
  direction: string | null;
  /** The app model the run pinned (never-touch areas, destructive actions); null when none applies. */
  appModel?: AppModelDoc | null;
}

type Repro = Breakage['reproduction'][number];

export const personaDriver: Driver<PersonaInput> = async (session, input, hooks) => {
  const r = rng(input.seed);
  let step = 0;
  const model = chaosPolicyOf(input.appModel, new URL(input.url).hostname);
  const safety = await installSafety(session.context, { mutationHosts: new Set(input.mutationHosts.map((h) => h.toLowerCase())), step: () => step, model });
  const unusable = new Set<string>();
  const page = await session.openPage();
  const site = new URL(input.url).host;
  const words = (input.direction ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4).slice(0, 20);
  const steps: StepEvidence[] = [];
  const breakages: Breakage[] = [];
  const seen = new Set<string>();
  const repro: Repro[] = [{ action: 'goto', url: input.url }];
  let paymentStop: ChaosEvidence['payment_stop'] = null;
  let pages: PageEvidence[] = [];
  let deadlineHit = false;
  try {
    const nav = await page.goto(input.url, { maxMs: 1000, quietMs: 150 });
    if (nav.error) throw new Error(`the start page could not be loaded: ${nav.error}`);
    for (step = 0; step < input.stepCap; step++) {
      if (session.left() < 2500) {
        deadlineHit = true;
        break;
      }
      const payment = await within(page.page.locator(PAYMENT_FORM_SELECTOR).first().isVisible(), 1000, false);
      if (payment) {
        paymentStop = { step, url: page.page.url(), detected: await within(page.page.locator(PAYMENT_FORM_SELECTOR).first().evaluate((e) => e.outerHTML.slice(0, 200)), 1000, 'a payment form') };
        break;
      }
      // Same site only: a walk that left it comes back by the history.
      if (new URL(page.page.url()).host !== site) await within(page.page.goBack({ timeout: 3000 }), 4000, null);
      const offered = (await interactiveIdentities(page.page, 150)).filter((t) => t.role !== 'link' || !t.css?.includes('mailto'));
      const kept = await withoutNeverTouch(page.page, offered, model);
      for (const sel of kept.invalid) if (!unusable.has(sel) && unusable.add(sel)) session.notes.push(`The app model's never-touch selector ${JSON.stringify(sel.slice(0, 100))} is not valid CSS in the browser: it kept nothing out`);
      const offer = kept.offer;
      const biased = words.length ? offer.filter((t) => words.some((w) => `${t.name ?? ''} ${t.label ?? ''}`.toLowerCase().includes(w))) : [];
      const action = chooseAction(input.persona, r, biased.length && r() < 0.5 ? biased : offer, step);
      const before = await lookAt(page.page);
      const mark = page.mark();
      const answeredBefore = safety.answered();
      const started = Date.now();
      const urlBefore = page.page.url();
      const error = await act(page.page, action, input.persona === 'impatient');
      if (input.persona !== 'impatient') await page.settle(1000, 150);
      await within(page.net.flush(), 1000, undefined);
      const after = await lookAt(page.page);
      const happened = page.since(mark);
      repro.push(...reproOf(action, urlBefore));
      const ev = stepEvidence(step, action, error, urlBefore, page.page.url(), started, happened);
      // Something broke that siteqa itself may have caused (a request it answered with 204): not counted.
      const ours = safety.answered() > answeredBefore;
      for (const b of ours ? [] : breakagesOf(happened, before, after)) {
        const key = `${b.kind}:${b.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const shot = await page.screenshot();
        const image = shot ? session.addImage(shot, { kind: 'screenshot', content_type: 'image/jpeg', width: VIEWPORT.width, height: VIEWPORT.height, caption: `${input.persona} step ${step + 1}: ${b.kind}` }) : null;
        ev.screenshot ??= image?.id ?? null;
        breakages.push({ ...b, step, url: page.page.url(), screenshot: image?.id ?? null, reproduction: [...repro] });
      }
      steps.push(ev);
      hooks.onStep?.(ev, input.persona);
    }
  } finally {
    // The page where the walk ended is evidence like a crawled page (its errors reach the checks).
    const snapshot = await within(snapshotPage(page, { url: page.page.url(), depth: 0, region: 'start', found_on: null }, null, { accessibility: false, budget: session.budget }), 15_000, null);
    if (snapshot && snapshot.status !== null) {
      pages = [snapshot];
      hooks.onPage?.(snapshot, 0);
    }
    await page.close();
  }
  const flow: FlowEvidence = { flow_id: null, name: `${input.persona} (seed ${input.seed})`, spec_version: null, outcome: 'passed', error: null, steps };
  const chaos: ChaosEvidence = {
    persona: input.persona, seed: input.seed, step_cap: input.stepCap, mode: input.mutationHosts.includes(new URL(input.url).hostname) ? 'mutation_allowed' : 'dry_run',
    breakages, would_have_sent: safety.wouldHaveSent, refused: safety.refused, payment_stop: paymentStop,
  };
  return { pages, site: emptySite(input.url), consent: null, flows: [flow], chaos, deadlineHit };
};

async function act(page: import('playwright-core').Page, a: GremlinAction, hurried: boolean): Promise<string | null> {
  const loc = (css: string | null) => page.locator(css ?? 'body').first();
  try {
    switch (a.kind) {
      case 'click': {
        // Repeated clicks go to the element chosen, held by handle: once a click navigated away the
        // rest fail on the detached element instead of landing on whatever the same CSS path finds
        // on the next page (which the persona never chose, and the app model may forbid).
        const handle = await loc(a.target.css).elementHandle({ timeout: 2000 });
        try {
          for (let i = 0; i < a.repeat; i++) await handle.click({ timeout: 2000, noWaitAfter: hurried, force: hurried && i > 0 });
        } finally {
          await handle.dispose().catch(() => {});
        }
        break;
      }
      case 'click_near': {
        const box = await loc(a.target.css).boundingBox({ timeout: 2000 });
        if (!box) return 'the target has no box';
        await page.mouse.click(box.x + box.width / 2 + a.dx, box.y + box.height / 2 + a.dy);
        break;
      }
      case 'fill':
        await loc(a.target.css).fill(a.value, { timeout: 2000 });
        if (a.submit) await page.keyboard.press('Enter');
        break;
      case 'press':
        await page.keyboard.press(a.key);
        break;
      case 'back':
        await page.goBack({ timeout: 3000 });
        break;
      case 'forward':
        await page.goForward({ timeout: 3000 });
        break;
    }
    return null;
  } catch (err) {
    return (err as Error).message.split('\n')[0]!.slice(0, 200);
  }
}

function reproOf(a: GremlinAction, urlBefore: string): Repro[] {
  switch (a.kind) {
    case 'click':
      return Array.from({ length: a.repeat }, () => ({ action: 'click', target: a.target.name ?? a.target.text ?? '' }));
    case 'click_near':
      return [{ action: 'click', target: a.target.name ?? '' }];
    case 'fill':
      return [{ action: 'fill', target: a.target.label ?? a.target.name ?? '', value: a.value.slice(0, 200) }, ...(a.submit ? [{ action: 'press', key: 'Enter' }] : [])];
    case 'press':
      return [{ action: 'press', key: a.key }];
    case 'back':
    case 'forward':
      return [{ action: 'goto', url: urlBefore }];
  }
}

function stepEvidence(index: number, a: GremlinAction, error: string | null, before: string, after: string, started: number, h: ReturnType<import('../session/page-session.js').PageSession['since']>): StepEvidence {
  const target = 'target' in a ? (a.target.name ?? a.target.text ?? a.target.css) : null;
  return {
    index, step_id: `g${index + 1}`, action: a.kind, target, value: a.kind === 'fill' ? a.value.slice(0, 200) : a.kind === 'press' ? a.key : null,
    outcome: error ? 'skipped' : 'passed', error, resolved: 'target' in a ? a.target : null, candidates: [], url_before: before, url_after: after, status: null,
    started_at: new Date(started).toISOString(), duration_ms: Date.now() - started, requests: h.requests, console: h.console, page_errors: h.page_errors, screenshot: null,
  };
}
