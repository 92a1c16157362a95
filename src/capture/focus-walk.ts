// The keyboard's path through a loaded page: Tab from the top, stop by stop, reading whether each stop
// shows that it has focus (WCAG 2.4.7 Focus Visible, in-page/focus-walk.ts). Bounded in stops and time;
// ends where focus comes back round or leaves the document.
import type { CDPSession, Page } from 'playwright-core';
import type { KeyboardWalk } from '../evidence/types.js';
import { INSTANT_SCROLL_OFF, INSTANT_SCROLL_ON, keyControlCandidatesScript, markUnfocusedScript, menuCandidatesScript, menuShownScript, pointerOnlyScript, READ_FOCUS_STOP_SCRIPT, type FocusStop } from './in-page/focus-walk.js';
import { navigatesTo, onlyScrolls } from '../evidence/handler-source.js';
import { FINISH_ANIMATIONS_SCRIPT } from './axe.js';
import { within } from './time.js';

export { navigatesTo, onlyScrolls };

/** Keyboard stops walked on a page: a header, its menu and the first of the content. */
export const MAX_FOCUS_STOPS = 40;
/** Stops without an indicator kept in the evidence. */
const MAX_KEPT = 20;

/** The pointer-only scan's own time after the walk, so a slow walk on a loaded machine does not starve it. */
const POINTER_MS = 2000;
/** The hover-only menu probe's own time after that. */
const MENU_MS = 5000;
/** The key-less controls' own time after that. */
const KEYS_MS = 1500;

export async function walkFocus(page: Page, ms: number): Promise<KeyboardWalk | null> {
  const hardEnd = Date.now() + ms;
  const end = hardEnd - Math.min(POINTER_MS + MENU_MS + KEYS_MS, ms / 2);
  const focusable = await within(page.evaluate(markUnfocusedScript(600)) as Promise<number>, Math.min(2000, ms), null);
  if (!focusable) return null;
  await within(page.evaluate(INSTANT_SCROLL_ON), 500, null);
  const seen = new Set<string>();
  const missing: FocusStop[] = [];
  let stops = 0;
  let judged = 0;
  let unindicated = 0;
  const unseenStops: NonNullable<KeyboardWalk['unseen_stops']> = [];
  let unseenTotal = 0;
  // The stop limit, unless time ran out (or the page stopped answering) or focus came back round first.
  let endedBy: NonNullable<KeyboardWalk['ended_by']> = 'limit';
  for (let i = 0; i < MAX_FOCUS_STOPS; i++) {
    const pressed = Date.now() < end && (await within(page.keyboard.press('Tab').then(() => true, () => false), 1000, false));
    const stop = pressed ? await within(page.evaluate(READ_FOCUS_STOP_SCRIPT) as Promise<(FocusStop & { judged: boolean }) | null>, 1000, undefined) : undefined;
    if (stop === undefined) {
      endedBy = 'time';
      break;
    }
    // Focus inside a frame (an embedded map, a video) reads as the frame on each Tab there: walk on.
    if (stop?.tag === 'iframe') continue;
    // Out of the document (into the browser's own controls) or back round to a stop already seen: done.
    if (stop === null ? i > 0 : seen.has(`${stop.selector}@${stop.rect.x},${stop.rect.y}`)) {
      endedBy = 'round';
      break;
    }
    if (stop === null) continue;
    seen.add(`${stop.selector}@${stop.rect.x},${stop.rect.y}`);
    stops++;
    if (stop.unseen) {
      unseenTotal++;
      if (unseenStops.length < MAX_KEPT) unseenStops.push({ selector: stop.selector, tag: stop.tag, text: stop.text, rect: stop.rect, indicated: false, unseen: stop.unseen });
      continue;
    }
    if (!stop.judged) continue;
    judged++;
    if (stop.indicated) continue;
    unindicated++;
    if (missing.length < MAX_KEPT) missing.push({ selector: stop.selector, tag: stop.tag, text: stop.text, rect: stop.rect, indicated: false });
  }
  await within(page.evaluate(INSTANT_SCROLL_OFF), 500, null);
  // Its own time, at most 2 s, for the elements only a pointer reaches; the walk's bound holds.
  const pointerEnd = Math.min(hardEnd, Date.now() + POINTER_MS);
  const unreachable = pointerEnd > Date.now() + 200 ? await within(clickableOnlyByPointer(page, pointerEnd), pointerEnd - Date.now() + 500, null) : null;
  const menuEnd = Math.min(hardEnd, Date.now() + MENU_MS);
  const menus = menuEnd > Date.now() + 300 ? await within(hoverOnlyMenus(page, menuEnd), menuEnd - Date.now() + 500, null) : null;
  const keysEnd = Math.min(hardEnd, Date.now() + KEYS_MS);
  const deaf = keysEnd > Date.now() + 200 ? await within(controlsWithoutKeys(page, keysEnd), keysEnd - Date.now() + 500, null) : null;
  return {
    focusable, stops, judged, complete: endedBy === 'round', ended_by: endedBy, without_indicator: missing, without_indicator_total: unindicated,
    ...(unreachable ? { pointer_only: unreachable } : {}),
    ...(menus ? { hover_only_menus: menus } : {}),
    ...(deaf ? { keys_ignored: deaf } : {}),
    unseen_stops: unseenStops,
    unseen_stops_total: unseenTotal,
  };
}

type Listener = { type: string; scriptId?: string; lineNumber?: number; columnNumber?: number; handler?: { description?: string } };

async function clickListeners(cdp: CDPSession, objectId: string): Promise<Listener[]> {
  const { listeners } = (await cdp.send('DOMDebugger.getEventListeners', { objectId })) as { listeners: Listener[] };
  return listeners.filter((l) => CLICK_EVENTS.has(l.type));
}

/** How the common event dispatchers read: jQuery's `S.event.dispatch.apply`, Vue 3's invoker, zone.js, Alpine/Stimulus/Knockout-style forwarding. */
const DISPATCHER = /\.event\.dispatch\.apply|\.dispatch\.apply\(|invoker|ZoneAwareCallback|zoneAwareCallback|handleEvent\(|__zone_symbol__|callWithAsyncErrorHandling|delegate/;

/** Where a listener's function is written (the protocol reports a bound function's target). */
const placeOf = (l: Listener) => (l.scriptId && l.lineNumber !== undefined ? `${l.scriptId}:${l.lineNumber}:${l.columnNumber ?? 0}` : null);

/** Whether a focusable control beside candidate `i` listens with the same function: the same action has a keyboard way. */
async function hasKeyboardTwin(cdp: CDPSession, i: number, clicks: Listener[]): Promise<boolean> {
  // A framework's one dispatcher (jQuery's per-element handle, Vue's invoker, zone.js's callback) sits at one
  // place for every element it serves: sharing it says nothing about doing the same thing.
  const places = new Set(clicks.filter((l) => !DISPATCHER.test(l.handler?.description ?? '')).map(placeOf).filter((p) => p !== null));
  if (!places.size) return false;
  for (let j = 0; j < 4; j++) {
    const { result } = (await cdp.send('Runtime.evaluate', { expression: `window.__siteqaPointerTwins[${i}][${j}]`, objectGroup: 'siteqa-keyboard' })) as { result: { objectId?: string } };
    if (!result.objectId) return false;
    if ((await clickListeners(cdp, result.objectId)).some((l) => places.has(placeOf(l) ?? ''))) return true;
  }
  return false;
}

const withoutHash = (url: string) => url.replace(/#.*$/, '');

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
  // Where the page's links lead: a card whose click only goes where a link on the page goes is a pointer
  // shortcut, the link is the keyboard's way there.
  const linked = new Set(((await within(page.evaluate('[...document.querySelectorAll("a[href]")].slice(0, 2000).map((a) => a.href)') as Promise<string[]>, 1000, [])) ?? []).map(withoutHash));
  const here = page.url();
  const cdp = await page.context().newCDPSession(page);
  try {
    const out: KeyboardWalk['without_indicator'] = [];
    for (let i = 0; i < candidates.length && out.length < MAX_KEPT; i++) {
      // Past the bound, what was read stands (the caller stops waiting, and so does this loop).
      if (Date.now() > end) return null;
      // In an object group: only then does the protocol describe each listener's function.
      const { result } = (await cdp.send('Runtime.evaluate', { expression: `window.__siteqaPointerOnly[${i}]`, objectGroup: 'siteqa-keyboard' })) as { result: { objectId?: string } };
      if (!result.objectId) continue;
      const clicks = await clickListeners(cdp, result.objectId);
      // A click that only scrolls (mdBook's title: back to the top) has its keyboard way already: Home.
      if (!clicks.length || clicks.every((l) => onlyScrolls(l.handler?.description))) continue;
      if (clicks.every((l) => { const to = navigatesTo(l.handler?.description, here); return to !== null && linked.has(withoutHash(to)); })) continue;
      if (await hasKeyboardTwin(cdp, i, clicks)) continue;
      out.push({ ...candidates[i]!, indicated: false });
    }
    return out;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'siteqa-keyboard' }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

const KEY_EVENTS = new Set(['keydown', 'keyup', 'keypress']);
/** Tab-reachable custom controls read, at most. */
const MAX_KEY_CANDIDATES = 20;

/**
 * Controls Tab reaches that act on a click of their own and on no key (in-page/focus-walk.ts
 * `keyControlCandidatesScript`): a `<div role="button" tabindex="0">` with a click listener. A browser turns
 * Enter and Space into a click only for native controls, so on these a keyboard user reaches the control
 * and nothing happens. Only what the listeners prove is kept: a key listener on the control, on any
 * element above it, on the document or the window (where a framework or a library may handle every key)
 * leaves the control out, as does a click handled only by delegation (not seen), or one that only scrolls.
 */
async function controlsWithoutKeys(page: Page, end: number): Promise<NonNullable<KeyboardWalk['keys_ignored']> | null> {
  const candidates = (await within(page.evaluate(keyControlCandidatesScript(MAX_KEY_CANDIDATES)) as Promise<(Omit<FocusStop, 'indicated'> & { above: number[] })[]>, 1000, [])) ?? [];
  if (!candidates.length) return [];
  const cdp = await page.context().newCDPSession(page);
  const listenersOf = async (expression: string): Promise<Listener[] | null> => {
    const { result } = (await cdp.send('Runtime.evaluate', { expression, objectGroup: 'siteqa-keys' })) as { result: { objectId?: string } };
    if (!result.objectId) return null;
    return ((await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })) as { listeners: Listener[] }).listeners;
  };
  // What stands above the controls is shared (their containers, the document, the window): each is read once.
  const keyedAbove = new Map<number, boolean>();
  const keyed = async (index: number): Promise<boolean> => {
    let has = keyedAbove.get(index);
    if (has === undefined) {
      const listeners = await listenersOf(`window.__siteqaKeyAbove[${index}]`);
      // Unreadable: it may listen; the control is left out.
      has = listeners === null || listeners.some((l) => KEY_EVENTS.has(l.type));
      keyedAbove.set(index, has);
    }
    return has;
  };
  try {
    const out: NonNullable<KeyboardWalk['keys_ignored']> = [];
    for (let i = 0; i < candidates.length && out.length < MAX_KEPT; i++) {
      if (Date.now() > end) return null;
      const own = await listenersOf(`window.__siteqaKeyControls[${i}]`);
      if (!own || own.some((l) => KEY_EVENTS.has(l.type))) continue;
      const clicks = own.filter((l) => CLICK_EVENTS.has(l.type));
      if (!clicks.length || clicks.every((l) => onlyScrolls(l.handler?.description))) continue;
      const { above, ...target } = candidates[i]!;
      let heard = false;
      for (const index of above) if ((heard = await keyed(index))) break;
      if (heard || Date.now() > end) continue;
      out.push({ ...target, indicated: true });
    }
    return out;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'siteqa-keys' }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

/** Menu items probed for a submenu that opens only on hover, at most. */
const MAX_MENU_ITEMS = 8;
/** How long a menu may take to open once its trigger has focus (a hover-intent delay, a fade). */
const MENU_OPEN_MS = 350;

/**
 * Navigation submenus that open on hover and not for the keyboard (WCAG 2.1.1): the trigger and every
 * element up to its item, forced into :hover through the DevTools protocol, show the submenu; the trigger
 * given real focus (its focus handlers run, :focus-within applies) does not, after a moment for a delayed
 * or fading opening; nor, when it goes nowhere when pressed (`press`: a button, `href="#"`), does Enter
 * on it. A link to a page is never pressed: it would leave the page (in-page/focus-walk.ts
 * `menuCandidatesScript`).
 */
async function hoverOnlyMenus(page: Page, end: number): Promise<NonNullable<KeyboardWalk['hover_only_menus']> | null> {
  const candidates = (await within(page.evaluate(menuCandidatesScript(MAX_MENU_ITEMS)) as Promise<(Omit<FocusStop, 'indicated'> & { links: number; sample: string[]; press: boolean })[]>, 1000, [])) ?? [];
  if (!candidates.length) return [];
  const cdp = await page.context().newCDPSession(page);
  const out: NonNullable<KeyboardWalk['hover_only_menus']> = [];
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await cdp.send('DOM.getDocument', { depth: 0 });
    const nodeOf = async (expression: string): Promise<number | null> => {
      const { result } = (await cdp.send('Runtime.evaluate', { expression, objectGroup: 'siteqa-menus' })) as { result: { objectId?: string } };
      if (!result.objectId) return null;
      return ((await cdp.send('DOM.requestNode', { objectId: result.objectId })) as { nodeId: number }).nodeId || null;
    };
    for (let i = 0; i < candidates.length; i++) {
      if (Date.now() > end) break;
      const { press, ...menu } = candidates[i]!;
      // As a real pointer does: the trigger and every element up to its item are hovered (`.group:hover`
      // on a wrapper between them).
      const chain: number[] = [];
      for (let k = 0; k < 6; k++) {
        const id = await nodeOf(`window.__siteqaMenuItems[${i}][1][${k}]`);
        if (!id) break;
        chain.push(id);
      }
      if (!chain.length) continue;
      for (const nodeId of chain) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['hover'] });
      await page.evaluate(FINISH_ANIMATIONS_SCRIPT).catch(() => 0);
      const onHover = await page.evaluate(menuShownScript(i)).catch(() => false);
      for (const nodeId of chain) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] });
      // Past the bound the caller has stopped waiting and may hand the tab on: nothing more is done to it.
      if (!onHover || Date.now() + MENU_OPEN_MS > end) continue;
      await page.evaluate(`window.__siteqaMenuItems[${i}][1][0].focus({ preventScroll: true })`).catch(() => {});
      await new Promise((r) => setTimeout(r, MENU_OPEN_MS));
      await page.evaluate(FINISH_ANIMATIONS_SCRIPT).catch(() => 0);
      let opens = await page.evaluate(menuShownScript(i)).catch(() => true);
      // Pressed as a keyboard user would: Enter on the focused control, which goes nowhere (its own listener,
      // or one delegated to the document that the protocol does not show, may open the menu).
      if (!opens && press && Date.now() + MENU_OPEN_MS < end) {
        const before = page.url();
        await within(page.keyboard.press('Enter').then(() => true, () => false), 1000, false);
        await new Promise((r) => setTimeout(r, MENU_OPEN_MS));
        await page.evaluate(FINISH_ANIMATIONS_SCRIPT).catch(() => 0);
        // Left the document (a script sent it elsewhere): say nothing of this menu.
        opens = withoutHash(page.url()) !== withoutHash(before) || (await page.evaluate(menuShownScript(i)).catch(() => true));
        await within(page.keyboard.press('Escape').then(() => true, () => false), 1000, false);
      }
      await page.evaluate('document.activeElement && document.activeElement.blur()').catch(() => {});
      if (!opens) out.push({ ...menu, indicated: false });
    }
    return out;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'siteqa-menus' }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}
