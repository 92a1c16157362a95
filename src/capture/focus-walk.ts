// The keyboard's path through a loaded page: Tab from the top, stop by stop, reading whether each stop
// shows that it has focus (WCAG 2.4.7 Focus Visible, in-page/focus-walk.ts). Bounded in stops and time;
// ends where focus comes back round or leaves the document.
import type { Page } from 'playwright-core';
import type { KeyboardWalk } from '../evidence/types.js';
import { markUnfocusedScript, pointerOnlyScript, READ_FOCUS_STOP_SCRIPT, type FocusStop } from './in-page/focus-walk.js';
import { within } from './time.js';

/** Keyboard stops walked on a page: a header, its menu and the first of the content. */
export const MAX_FOCUS_STOPS = 40;
/** Stops without an indicator kept in the evidence. */
const MAX_KEPT = 20;

export async function walkFocus(page: Page, ms: number): Promise<KeyboardWalk | null> {
  const end = Date.now() + ms;
  const focusable = await within(page.evaluate(markUnfocusedScript(600)) as Promise<number>, Math.min(2000, ms), null);
  if (!focusable) return null;
  const seen = new Set<string>();
  const missing: FocusStop[] = [];
  let stops = 0;
  let judged = 0;
  let unindicated = 0;
  let complete = false;
  for (let i = 0; i < MAX_FOCUS_STOPS && Date.now() < end; i++) {
    const pressed = await within(page.keyboard.press('Tab').then(() => true, () => false), 1000, false);
    if (!pressed) break;
    const stop = await within(page.evaluate(READ_FOCUS_STOP_SCRIPT) as Promise<(FocusStop & { judged: boolean }) | null>, 1000, undefined);
    if (stop === undefined) break;
    // Focus inside a frame (an embedded map, a video) reads as the frame on each Tab there: walk on.
    if (stop?.tag === 'iframe') continue;
    // Out of the document (into the browser's own controls) or back round to a stop already seen: done.
    if (stop === null ? i > 0 : seen.has(`${stop.selector}@${stop.rect.x},${stop.rect.y}`)) {
      complete = true;
      break;
    }
    if (stop === null) continue;
    seen.add(`${stop.selector}@${stop.rect.x},${stop.rect.y}`);
    stops++;
    if (!stop.judged) continue;
    judged++;
    if (stop.indicated) continue;
    unindicated++;
    if (missing.length < MAX_KEPT) missing.push({ selector: stop.selector, tag: stop.tag, text: stop.text, rect: stop.rect, indicated: false });
  }
  // The rest of the time, at most 2 s, for the elements only a pointer reaches; the walk's bound holds.
  const pointerEnd = Math.min(end, Date.now() + 2000);
  const unreachable = pointerEnd > Date.now() + 200 ? await within(clickableOnlyByPointer(page, pointerEnd), pointerEnd - Date.now() + 500, null) : null;
  return { focusable, stops, judged, complete, without_indicator: missing, without_indicator_total: unindicated, ...(unreachable ? { pointer_only: unreachable } : {}) };
}

/** A short handler whose only call is a scroll (its source as the protocol describes it). */
export function onlyScrolls(source: string | undefined): boolean {
  if (!source || source.length > 300) return false;
  const body = source.replace(/^[^{]*\{/, '').replace(/\}\s*$/, '');
  const calls = [...body.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]!).filter((name) => name !== 'function');
  return calls.length > 0 && calls.every((name) => /^(scrollTo|scroll|scrollBy|scrollIntoView)$/.test(name)) || (calls.length === 0 && /\.scrollTop\s*=/.test(body));
}

/** Elements a pointer cursor and a click listener of their own mark as controls read, at most. */
const MAX_POINTER_CANDIDATES = 60;
const CLICK_EVENTS = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend']);

/**
 * Elements that look clickable and have a click listener of their own, but that no keyboard reaches
 * (in-page/focus-walk.ts `pointerOnlyScript`): their listeners are read through the DevTools protocol.
 * A listener delegated to the document (React's root listener, jQuery's `.on(selector)`) is not seen:
 * such elements are left out, never guessed at.
 */
async function clickableOnlyByPointer(page: Page, end: number): Promise<KeyboardWalk['without_indicator'] | null> {
  const candidates = (await page.evaluate(pointerOnlyScript(MAX_POINTER_CANDIDATES)) as Omit<FocusStop, 'indicated'>[]) ?? [];
  if (!candidates.length) return [];
  const cdp = await page.context().newCDPSession(page);
  try {
    const out: KeyboardWalk['without_indicator'] = [];
    for (let i = 0; i < candidates.length && out.length < MAX_KEPT; i++) {
      // Past the bound, what was read stands (the caller stops waiting, and so does this loop).
      if (Date.now() > end) return null;
      // In an object group: only then does the protocol describe each listener's function.
      const { result } = (await cdp.send('Runtime.evaluate', { expression: `window.__siteqaPointerOnly[${i}]`, objectGroup: 'siteqa-keyboard' })) as { result: { objectId?: string } };
      if (!result.objectId) continue;
      const { listeners } = (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })) as { listeners: { type: string; handler?: { description?: string } }[] };
      const clicks = listeners.filter((l) => CLICK_EVENTS.has(l.type));
      // A click that only scrolls (mdBook's title: back to the top) has its keyboard way already: Home.
      if (clicks.length && !clicks.every((l) => onlyScrolls(l.handler?.description))) out.push({ ...candidates[i]!, indicated: false });
    }
    return out;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'siteqa-keyboard' }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}
