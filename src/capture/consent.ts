// Consent clicker: finds a cookie/consent banner and clicks "accept all" or "reject all" in it.
// Three layers, fastest first, all inside a 2 s budget per call and never throwing:
//   1. known CMP selectors (OneTrust, Cookiebot, Didomi, Usercentrics, …) — one in-page pass;
//   2. a documented heuristic (fixed/sticky/dialog element with consent wording and buttons whose
//      text means accept all / reject all / only necessary) — same pass, main frame and child frames,
//      open shadow roots included;
//   3. DuckDuckGo's autoconsent rules (@duckduckgo/autoconsent, ~800 maintained CMP rules, multi-step
//      opt-outs, cross-origin CMP iframes such as Sourcepoint), injected for the rest of the budget.
// Only buttons are clicked, never links that navigate away, never "settings" or "learn more".
// See docs/consent.md.
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { CONSENT_WORDS, KNOWN_CMPS, MAX_CHILD_FRAMES } from './consent-rules.js';
import { runAutoconsent } from './consent-autoconsent.js';
import { FINDER } from './in-page/consent-finder.js';
import { within } from './time.js';

export { CONSENT_WORDS, KNOWN_CMPS };

export interface ConsentBanner {
  detected: boolean;
  method: string | null;
  selector: string | null;
}

export type ConsentAction = 'accept' | 'reject';

const BUDGET_MS = 2000;
const NONE: ConsentBanner = { detected: false, method: null, selector: null };

interface Found {
  method: string;
  selector: string | null;
  desc: string | null;
  el: ElementHandle | null;
}

/** Child frames worth searching: http(s), and visibly large enough to hold a banner. */
async function* visibleChildFrames(page: Page, left: () => number): AsyncGenerator<Frame> {
  for (const frame of page.frames().filter((f) => f.parentFrame() && /^https?:/.test(f.url())).slice(0, MAX_CHILD_FRAMES)) {
    if (left() <= 0) return;
    const box = await within(frame.frameElement().then((h) => h.boundingBox()), Math.min(300, left()), null);
    if (box && box.width >= 50 && box.height >= 30) yield frame;
  }
}

/** Runs the finder in one frame; the element handle is kept only when a control was chosen. */
async function findIn(frame: Frame, mode: 'detect' | ConsentAction, child: boolean, ms: number): Promise<Found | null> {
  const args = { mode, cmps: KNOWN_CMPS, words: CONSENT_WORDS, childFrame: child };
  const handle = await within(frame.evaluateHandle(`(${FINDER})(${JSON.stringify(args)})`), ms, null);
  if (!handle) return null;
  try {
    const props = await within(handle.getProperties(), ms, null);
    if (!props?.get('method')) return null; // the finder returned null
    const text = async (key: string) => ((await within(props.get(key)?.jsonValue() ?? Promise.resolve(null), ms, null)) as string | null) ?? null;
    const info = { method: await text('method'), selector: await text('selector'), desc: await text('desc') };
    if (!info.method) return null;
    const el = info.desc ? props.get('el')?.asElement() ?? null : null;
    return { method: info.method, selector: info.selector, desc: info.desc, el: el as ElementHandle | null };
  } finally {
    handle.dispose().catch(() => {});
  }
}

/** The main frame first, then child frames (CMPs render in iframes too). */
async function findOwn(page: Page, mode: 'detect' | ConsentAction, left: () => number): Promise<Found | null> {
  const usable = (f: Found | null) => !!f && (mode === 'detect' || !!f.el);
  const main = await findIn(page.mainFrame(), mode, false, Math.min(1200, left()));
  if (usable(main)) return main;
  for await (const frame of visibleChildFrames(page, left)) {
    const found = await findIn(frame, mode, true, Math.min(800, left()));
    if (usable(found)) return { ...found!, method: `${found!.method}@iframe` };
  }
  return null;
}

/** A real click (scrolls, waits for the control to take pointer events); a DOM click when something covers it. */
async function press(el: ElementHandle, left: () => number): Promise<boolean> {
  const ok = await within(el.click({ timeout: Math.max(100, Math.min(800, left() - 100)) }).then(() => true), Math.max(150, Math.min(900, left())), false)
    .catch(() => false);
  if (ok) return true;
  return within(el.dispatchEvent('click').then(() => true), Math.max(100, Math.min(400, left())), false).catch(() => false);
}

// ---------------------------------------------------------------------------------------------
// The two entry points.

const budget = (): (() => number) => {
  const deadline = Date.now() + BUDGET_MS;
  return () => deadline - Date.now();
};

/**
 * The fast half of detection: known CMP selectors and the wording heuristic in one in-page pass
 * (main frame, then visible child frames), without autoconsent's rules, which wait for a CMP to
 * answer. Found here, the banner is known before the page's other work is done.
 */
export async function detectKnownBanner(page: Page, left = budget()): Promise<ConsentBanner> {
  try {
    const own = await findOwn(page, 'detect', left);
    if (own) return { detected: true, method: own.method, selector: own.selector };
  } catch {
    /* never throws: a failed detection is "not detected" */
  }
  return { ...NONE };
}

/** The slow half: autoconsent's CMP rules, which may wait up to ~0.9 s for a CMP that shows late. */
export async function detectLateBanner(page: Page, left = budget()): Promise<ConsentBanner> {
  try {
    const found = await runAutoconsent(page, null, (m) => m.type === 'popupFound', left);
    if (found) return { detected: true, method: `autoconsent:${found.cmp ?? 'unknown'}`, selector: null };
  } catch {
    /* never throws: a failed detection is "not detected" */
  }
  return { ...NONE };
}

/** Both halves, in one budget. */
export async function detectConsentBanner(page: Page): Promise<ConsentBanner> {
  const left = budget();
  const known = await detectKnownBanner(page, left);
  return known.detected ? known : detectLateBanner(page, left);
}

export async function clickConsent(page: Page, action: ConsentAction): Promise<{ clicked: string | null }> {
  const deadline = Date.now() + BUDGET_MS;
  const left = () => deadline - Date.now();
  try {
    const own = await findOwn(page, action, left);
    if (own?.el && (await press(own.el, left))) return { clicked: `${own.method} ${own.desc}` };
    const kind = action === 'accept' ? 'optInResult' : 'optOutResult';
    const done = await runAutoconsent(page, action === 'accept' ? 'optIn' : 'optOut', (m) => m.type === kind, left);
    if (done?.result) return { clicked: `autoconsent:${done.cmp ?? 'unknown'} ${action === 'accept' ? 'opt-in' : 'opt-out'}` };
  } catch {
    /* never throws: nothing clicked */
  }
  return { clicked: null };
}
