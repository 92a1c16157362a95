// The keyboard's path through a loaded page: Tab from the top, stop by stop, reading whether each stop
// shows that it has focus (WCAG 2.4.7 Focus Visible, in-page/focus-walk.ts). Bounded in stops and time;
// ends where focus comes back round or leaves the document.
import type { Page } from 'playwright-core';
import type { KeyboardWalk } from '../evidence/types.js';
import { markUnfocusedScript, READ_FOCUS_STOP_SCRIPT, type FocusStop } from './in-page/focus-walk.js';
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
  let complete = false;
  for (let i = 0; i < MAX_FOCUS_STOPS && Date.now() < end; i++) {
    const pressed = await within(page.keyboard.press('Tab').then(() => true, () => false), 1000, false);
    if (!pressed) break;
    const stop = await within(page.evaluate(READ_FOCUS_STOP_SCRIPT) as Promise<(FocusStop & { judged: boolean }) | null>, 1000, undefined);
    if (stop === undefined) break;
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
    if (!stop.indicated && missing.length < MAX_KEPT) missing.push({ selector: stop.selector, tag: stop.tag, text: stop.text, rect: stop.rect, indicated: false });
  }
  return { focusable, stops, judged, complete, without_indicator: missing };
}
