// In the page: does each keyboard stop show that it has focus (WCAG 2.4.7 Focus Visible)? Before the
// first Tab, every focusable element's look is recorded unfocused; after each Tab, the focused element's
// look (its own box, its ::before/::after, its parent's outline, border and background for :focus-within) is
// compared with it. Any difference is an indicator; none at all is a stop a keyboard user cannot see.
// Transitions are finished first: a focus ring fading in reads as its start value. Text fields are left
// aside (their caret shows focus). Plain JS text on purpose (see scripts.test.ts).
import { SELECTOR_FN } from './selector.js';

export interface FocusStop {
  selector: string;
  tag: string;
  /** Its text or label, cut short, for the report. */
  text: string;
  /** Its box in document pixels. */
  rect: { x: number; y: number; width: number; height: number };
  /** False: nothing about it, its pseudo-elements or its parent changed on focus. */
  indicated: boolean;
}

const LOOK_FN = `(el) => {
    // Only what can show: an outline without a style, a border side without width or style, an
    // underline's colour without a line draw nothing (Chromium's own :focus-visible still sets an
    // outline offset under an author's outline: none).
    const outline = (cs) => cs.outlineStyle === 'none' || cs.outlineWidth === '0px' ? 'none' : [cs.outlineStyle, cs.outlineWidth, cs.outlineColor, cs.outlineOffset].join(' ');
    const border = (cs) => ['Top', 'Right', 'Bottom', 'Left'].map((side) => {
      const style = cs['border' + side + 'Style'];
      const width = cs['border' + side + 'Width'];
      return style === 'none' || style === 'hidden' || width === '0px' ? 'none' : [style, width, cs['border' + side + 'Color']].join(' ');
    }).join(',');
    const underline = (cs) => cs.textDecorationLine === 'none' ? 'none' : [cs.textDecorationLine, cs.textDecorationColor, cs.textDecorationThickness, cs.textUnderlineOffset].join(' ');
    const own = (cs) => [outline(cs), border(cs), underline(cs), cs.boxShadow, cs.backgroundColor, cs.backgroundImage, cs.color, cs.opacity, cs.transform, cs.filter, cs.fontWeight, cs.visibility, cs.clipPath, cs.clip].join('|');
    const pseudo = (cs) => cs.content === 'none' || cs.content === 'normal' ? 'none' : [cs.content, outline(cs), border(cs), cs.boxShadow, cs.backgroundColor, cs.opacity, cs.transform, cs.width, cs.height, cs.visibility].join('|');
    const around = (cs) => [outline(cs), border(cs), cs.boxShadow, cs.backgroundColor].join('|');
    const b = el.getBoundingClientRect();
    const parent = el.parentElement;
    return [own(getComputedStyle(el)), pseudo(getComputedStyle(el, '::before')), pseudo(getComputedStyle(el, '::after')),
      parent ? around(getComputedStyle(parent)) : '', [b.left + scrollX, b.top + scrollY, b.width, b.height].map(Math.round).join(',')].join('#');
  }`;

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"]), [contenteditable]:not([contenteditable="false"])';

/** Before the first Tab: nothing focused, every focusable element's unfocused look kept (at most `max`). */
export const markUnfocusedScript = (max: number) => `(() => {
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  const look = ${LOOK_FN};
  const base = new Map();
  for (const el of [...document.querySelectorAll('${FOCUSABLE}')].slice(0, ${max})) base.set(el, look(el));
  Object.defineProperty(window, '__siteqaUnfocused', { value: base, configurable: true });
  return base.size;
})()`;

/**
 * After a Tab: the focused element and whether it looks any different from unfocused; null when focus
 * left the document (the address bar), sits on the body, or in a frame.
 */
export const READ_FOCUS_STOP_SCRIPT = `(() => {
  const el = document.activeElement;
  const base = window.__siteqaUnfocused;
  if (!el || el === document.body || el === document.documentElement || !base) return null;
  for (const a of document.getAnimations ? document.getAnimations() : []) {
    try { const t = a.effect && a.effect.getComputedTiming(); if (a.playState === 'running' && t && Number.isFinite(t.endTime)) a.finish(); } catch (e) {}
  }
  const look = ${LOOK_FN};
  const sel = ${SELECTOR_FN};
  const b = el.getBoundingClientRect();
  const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const text = squash(el.getAttribute('aria-label')) || squash(el.innerText) || squash(el.getAttribute('title')) || squash(el.getAttribute('alt')) || '';
  const caret = el.matches('textarea, [contenteditable]:not([contenteditable="false"]), input:not([type]), input[type=text], input[type=search], input[type=email], input[type=url], input[type=tel], input[type=password], input[type=number], input[type=date], input[type=time], input[type=datetime-local], input[type=month], input[type=week]');
  const cs = getComputedStyle(el);
  const shown = b.width >= 4 && b.height >= 4 && cs.visibility !== 'hidden' && Number(cs.opacity) > 0.05 && el.tagName !== 'IFRAME';
  const before = base.get(el);
  return {
    selector: sel(el), tag: el.tagName.toLowerCase(), text: text.slice(0, 60),
    rect: { x: Math.round(b.left + scrollX), y: Math.round(b.top + scrollY), width: Math.round(b.width), height: Math.round(b.height) },
    // Judged only where a look was kept unfocused, the element shows, and no caret shows focus for it.
    judged: !!before && shown && !caret,
    indicated: !before || look(el) !== before,
  };
})()`;

/**
 * Elements that look clickable (a pointer cursor, a visible box) yet no keyboard reaches: not focusable
 * themselves, no focusable element inside (a card whose link is the keyboard's way in) or around them.
 * Kept in `window.__siteqaPointerOnly` for reading their event listeners; at most `max`, in document order.
 */
export const pointerOnlyScript = (max: number) => `(() => {
  const FOCUSABLE = '${FOCUSABLE}';
  const sel = ${SELECTOR_FN};
  const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const out = [];
  const list = [];
  const all = document.querySelectorAll('body *');
  for (let i = 0; i < all.length && i < 5000 && out.length < ${max}; i++) {
    const el = all[i];
    // (FOCUSABLE names what Tab reaches; an <a> without href reports tabIndex 0 all the same.)
    if (el.closest(FOCUSABLE + ', label') || el.querySelector(FOCUSABLE)) continue;
    if (el.closest('[inert], [aria-hidden=true], [disabled], [aria-disabled=true]')) continue;
    const cs = getComputedStyle(el);
    if (cs.cursor !== 'pointer' || cs.visibility === 'hidden' || cs.pointerEvents === 'none') continue;
    // Only where the pointer cursor starts: children inheriting it are the same target.
    if (el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer') continue;
    const b = el.getBoundingClientRect();
    if (b.width < 8 || b.height < 8) continue;
    list.push(el);
    const text = squash(el.getAttribute('aria-label')) || squash(el.innerText) || squash(el.getAttribute('title')) || squash((el.querySelector('img[alt]') || {}).alt);
    out.push({ selector: sel(el), tag: el.tagName.toLowerCase(), text: text.slice(0, 60), rect: { x: Math.round(b.left + scrollX), y: Math.round(b.top + scrollY), width: Math.round(b.width), height: Math.round(b.height) } });
  }
  Object.defineProperty(window, '__siteqaPointerOnly', { value: list, configurable: true });
  return out;
})()`;
