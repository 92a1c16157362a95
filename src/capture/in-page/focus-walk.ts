// In the page: does each keyboard stop show that it has focus (WCAG 2.4.7 Focus Visible)? Before the
// first Tab, every focusable element's look is recorded unfocused; after each Tab, the focused element's
// look (its own box, its ::before/::after, its parent's outline, border and background for :focus-within) is
// compared with it. Any difference is an indicator; none at all is a stop a keyboard user cannot see.
// Transitions are finished first: a focus ring fading in reads as its start value. Text fields are left
// aside (their caret shows focus). Plain JS text on purpose (see scripts.test.ts).
import { FINISH_ANIMATIONS_SCRIPT } from '../axe.js';
import { CAROUSEL_COPY_FN } from './carousel-copy.js';
import { CUT_AWAY_FN } from './cut-away.js';
import { NAME_FN, RECT_FN, SELECTOR_FN } from './selector.js';

export interface FocusStop {
  selector: string;
  tag: string;
  /** Its text or label, cut short, for the report. */
  text: string;
  /** Its box in document pixels. */
  rect: { x: number; y: number; width: number; height: number };
  /** False: nothing about it, its pseudo-elements or its parent changed on focus. */
  indicated: boolean;
  /** Focused and not to be seen even so (read after focus scrolled it into view); null when it shows. */
  unseen?: 'offscreen' | 'transparent' | 'clipped' | null;
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
    // An indicator drawn on a child (a card's inner box, a button's icon) or on the element's label
    // (Bootstrap's .btn-check: the hidden input's label gets the ring) counts too.
    const near = [...Array.from(el.children).slice(0, 3), ...Array.from(el.labels || []).slice(0, 2)].map((n) => around(getComputedStyle(n)) + '|' + getComputedStyle(n).color).join(';');
    return [own(getComputedStyle(el)), pseudo(getComputedStyle(el, '::before')), pseudo(getComputedStyle(el, '::after')),
      parent ? around(getComputedStyle(parent)) : '', near, [b.left + scrollX, b.top + scrollY, b.width, b.height].map(Math.round).join(',')].join('#');
  }`;

export const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"]), [contenteditable]:not([contenteditable="false"])';

/**
 * While the walk tabs: focus scrolls its stop into view at once, whatever the page's `scroll-behavior: smooth`
 * (Bootstrap 5 sets it on :root), so a stop is read where it lands, not mid-scroll below the fold. Set through
 * the CSSOM, which a page's Content-Security-Policy allows (an injected <style> would be a CSP violation the
 * page seems to log). `INSTANT_SCROLL_OFF` gives the page its own values back.
 */
export const INSTANT_SCROLL_ON = `(() => {
  const kept = [];
  for (const el of [document.documentElement, document.body]) {
    if (!el) continue;
    kept.push([el, el.style.getPropertyValue('scroll-behavior'), el.style.getPropertyPriority('scroll-behavior')]);
    el.style.setProperty('scroll-behavior', 'auto', 'important');
  }
  Object.defineProperty(window, '__siteqaScrollBehavior', { value: kept, configurable: true });
})()`;
export const INSTANT_SCROLL_OFF = `(() => {
  for (const [el, value, priority] of window.__siteqaScrollBehavior || []) {
    if (value) el.style.setProperty('scroll-behavior', value, priority);
    else el.style.removeProperty('scroll-behavior');
  }
})()`;

/** Before the first Tab: nothing focused, every focusable element's unfocused look kept (at most `max`). */
export const markUnfocusedScript = (max: number) => `(() => {
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  // Tab starts from where focus last was (an autofocused field, a #fragment's target): from the top instead.
  if (document.body) {
    const had = document.body.getAttribute('tabindex');
    document.body.setAttribute('tabindex', '-1');
    document.body.focus({ preventScroll: true });
    if (had === null) document.body.removeAttribute('tabindex'); else document.body.setAttribute('tabindex', had);
  }
  const look = ${LOOK_FN};
  const base = new Map();
  for (const el of [...document.querySelectorAll('${FOCUSABLE}')].slice(0, ${max})) base.set(el, look(el));
  Object.defineProperty(window, '__siteqaUnfocused', { value: base, configurable: true });
  return base.size;
})()`;

/**
 * After a Tab: the focused element (inside an open shadow root where focus went there) and whether it
 * looks any different from unfocused; null when focus left the document (the address bar) or sits on the
 * body. Focus inside a frame reads as the frame, not judged.
 */
export const READ_FOCUS_STOP_SCRIPT = `(() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  const base = window.__siteqaUnfocused;
  if (!el || el === document.body || el === document.documentElement || !base) return null;
  ${FINISH_ANIMATIONS_SCRIPT};
  const look = ${LOOK_FN};
  const sel = ${SELECTOR_FN};
  const b = el.getBoundingClientRect();
  const text = (${NAME_FN})(el);
  const caret = el.matches('textarea, [contenteditable]:not([contenteditable="false"]), input:not([type]), input[type=text], input[type=search], input[type=email], input[type=url], input[type=tel], input[type=password], input[type=number], input[type=date], input[type=time], input[type=datetime-local], input[type=month], input[type=week]');
  const cs = getComputedStyle(el);
  // Visually hidden (a 1 px box, clip: rect(0 0 0 0), clip-path: inset(50%)): its label shows the state.
  const clippedAway = /rect\\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\\)/.test(cs.clip) || /inset\\(50%\\)/.test(cs.clipPath);
  const shown = b.width >= 4 && b.height >= 4 && cs.visibility !== 'hidden' && Number(cs.opacity) > 0.05 && !clippedAway && el.tagName !== 'IFRAME';
  const before = base.get(el);
  // Focused and still not to be seen, once the browser has scrolled it into view: beyond the viewport
  // (a closed off-canvas menu moved aside by a transform), inside a transparent ancestor (opacity 0), or
  // cut away by an ancestor that hides its overflow (a menu collapsed to max-height 0). A form field with
  // a label is left out: a custom checkbox hides its input and shows focus on the label.
  let unseen = null;
  if (b.width >= 1 && b.height >= 1 && !(el.labels && el.labels.length) && el.tagName !== 'IFRAME') {
    if (b.right <= 0 || b.bottom <= 0 || b.left >= innerWidth || b.top >= innerHeight) unseen = 'offscreen';
    let opacity = 1;
    for (let a = el.parentElement; a && !unseen; a = a.parentElement) {
      opacity *= Number(getComputedStyle(a).opacity);
      if (opacity < 0.05) unseen = 'transparent';
    }
    if (!unseen && (${CUT_AWAY_FN})(el)) unseen = 'clipped';
  }
  return {
    unseen,
    selector: sel(el), tag: el.tagName.toLowerCase(), text: text.slice(0, 60),
    rect: (${RECT_FN})(el) || { x: 0, y: 0, width: 0, height: 0 },
    // Judged only where a look was kept unfocused, the element shows, and no caret shows focus for it.
    // A stop under the pointer is hovered as well as focused: its :hover rules (often 'outline: 0') are not
    // what a keyboard user meets, so it is not judged.
    judged: !!before && shown && !caret && !el.matches(':hover'),
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
  const carouselCopy = ${CAROUSEL_COPY_FN};
  const nameOf = ${NAME_FN};
  const rectOf = ${RECT_FN};
  const COMPOSITE = '[role=tablist], [role=menu], [role=menubar], [role=listbox], [role=tree], [role=treegrid], [role=grid], [role=radiogroup], [role=toolbar]';
  const sel = ${SELECTOR_FN};
  const out = [];
  const list = [];
  const twins = [];
  const all = document.querySelectorAll('body *');
  for (let i = 0; i < all.length && i < 5000 && out.length < ${max}; i++) {
    const el = all[i];
    // (FOCUSABLE names what Tab reaches; an <a> without href reports tabIndex 0 all the same.)
    if (el.closest(FOCUSABLE + ', label, video[controls], audio[controls]') || el.querySelector(FOCUSABLE)) continue;
    // A roving-tabindex item (tabindex="-1" in a tablist, menu, listbox…) is reached with the arrow keys.
    if (el.hasAttribute('tabindex') || el.closest(COMPOSITE)) continue;
    if (el.closest('[inert], [aria-hidden=true], [disabled], [aria-disabled=true]')) continue;
    // A carousel's copy of a slide is the same control as the slide it copies.
    if (carouselCopy(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.cursor !== 'pointer' || cs.visibility === 'hidden' || cs.pointerEvents === 'none') continue;
    // Only where the pointer cursor starts: children inheriting it are the same target.
    if (el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer') continue;
    const b = el.getBoundingClientRect();
    if (b.width < 8 || b.height < 8) continue;
    list.push(el);
    // The focusable controls beside it (in its parent or grandparent, at most 4): a keyboard twin firing
    // the same handler (Antora's nav label and its toggle button) is the keyboard's way to the same thing.
    let near = [];
    for (let up = el.parentElement, n = 0; up && n < 2 && !near.length; up = up.parentElement, n++) near = [...up.querySelectorAll(FOCUSABLE)].slice(0, 4);
    twins.push(near);
    out.push({ selector: sel(el), tag: el.tagName.toLowerCase(), text: nameOf(el).slice(0, 60), rect: rectOf(el) });
  }
  Object.defineProperty(window, '__siteqaPointerOnly', { value: list, configurable: true });
  Object.defineProperty(window, '__siteqaPointerTwins', { value: twins, configurable: true });
  return out;
})()`;

/**
 * Controls Tab reaches that are no native control: an element given `tabindex="0"` (or more) with a
 * control's role (button, link, tab, checkbox…) or a pointer cursor, not a link with `href`, a button, a
 * form field or `summary` (whose keys the browser handles), holding none, not in a `label`, shown. A
 * browser fires `click` on Enter or Space only for native controls: on these, the page's own key handling
 * is all there is (the capture reads their listeners). The controls are kept in `window.__siteqaKeyControls`
 * and what stands above them, each once (elements, the document, the window), in `window.__siteqaKeyAbove`;
 * each control's entry names its `above` by index there. At most `max`.
 */
export const keyControlCandidatesScript = (max: number) => `(() => {
  const NATIVE = 'a[href], area[href], button, input, select, textarea, summary, iframe, video[controls], audio[controls], label, [contenteditable]:not([contenteditable="false"])';
  const ROLES = /^(button|link|tab|menuitem|menuitemcheckbox|menuitemradio|checkbox|radio|switch|option|treeitem)$/;
  const carouselCopy = ${CAROUSEL_COPY_FN};
  const nameOf = ${NAME_FN};
  const rectOf = ${RECT_FN};
  const sel = ${SELECTOR_FN};
  const out = [];
  const kept = [];
  const above = [];
  const indexOf = new Map();
  const aboveIndex = (node) => {
    if (!indexOf.has(node)) { indexOf.set(node, above.length); above.push(node); }
    return indexOf.get(node);
  };
  for (const el of document.querySelectorAll('body [tabindex]')) {
    if (out.length >= ${max}) break;
    if (el.tabIndex < 0 || el.matches(NATIVE) || el.closest(NATIVE) || el.querySelector(NATIVE)) continue;
    if (el.closest('[inert], [aria-hidden=true], [disabled], [aria-disabled=true]') || carouselCopy(el)) continue;
    const role = (el.getAttribute('role') || '').trim().split(/\\s+/)[0].toLowerCase();
    const cs = getComputedStyle(el);
    if (!ROLES.test(role) && cs.cursor !== 'pointer') continue;
    if (cs.visibility === 'hidden' || cs.pointerEvents === 'none' || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const b = el.getBoundingClientRect();
    if (b.width < 8 || b.height < 8) continue;
    const up = [];
    for (let a = el.parentElement; a; a = a.parentElement) up.push(aboveIndex(a));
    up.push(aboveIndex(document), aboveIndex(window));
    kept.push(el);
    out.push({ selector: sel(el), tag: el.tagName.toLowerCase(), text: nameOf(el).slice(0, 60), rect: rectOf(el), above: up });
  }
  Object.defineProperty(window, '__siteqaKeyControls', { value: kept, configurable: true });
  Object.defineProperty(window, '__siteqaKeyAbove', { value: above, configurable: true });
  return out;
})()`;

/**
 * Menus that may open only on hover: in the page's navigation (nav, header, role=navigation), a list
 * item whose submenu (a list or panel holding links) is not shown, and its trigger (a link or a button).
 * Kept in `window.__siteqaMenuItems` as `[submenu, [trigger … item]]`: the submenu, and the elements a
 * pointer on the trigger hovers, from the trigger up to the item; at most `max`. `press`: the trigger goes
 * nowhere when pressed (a button, `href="#"`, a script's ARIA state), so the capture may press it.
 */
export const menuCandidatesScript = (max: number) => `(() => {
  const sel = ${SELECTOR_FN};
  const nameOf = ${NAME_FN};
  const rectOf = ${RECT_FN};
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const out = [];
  const items = [];
  const triggers = new Set();
  // Menu items in the page's navigation (list items, or a theme's div.menus_item), and dropdowns anywhere that name themselves so (a docs theme's
  // "Download this page" menu in the article's toolbar: .menu-dropdown > button + .menu-dropdown__content).
  for (const li of document.querySelectorAll('nav li, header li, [role=navigation] li, [role=menubar] > *, :is(nav, header) [class*="menu"][class*="item"]:not(li, a, button, ul, ol), [class*="dropdown"]:not(li, a, button, ul, ol)')) {
    if (items.length >= ${max}) break;
    if (!shown(li)) continue;
    // The trigger: a link to a page, or a button (a language switcher's "EN") with no script of its own
    // behind it (the capture checks its listeners before judging).
    const links = [...li.children].map((c) => c.matches('a[href]') ? c : c.querySelector(':scope > a[href]')).filter(Boolean);
    const buttons = [...li.children].map((c) => c.matches('button') ? c : c.querySelector(':scope > button')).filter(Boolean);
    const trigger = links[0] || buttons[0];
    if (!trigger) continue;
    const sub = [...li.children, ...[...li.children].flatMap((c) => c.contains(trigger) && c !== trigger ? [...c.children] : [])]
      .find((c) => c !== trigger && !c.contains(trigger) && c.querySelector('a[href]') && !shown(c));
    // One menu met twice (its list item and the theme's wrapper inside it) is one menu.
    if (!sub || !shown(trigger) || triggers.has(trigger)) continue;
    triggers.add(trigger);
    // Bootstrap's own dropdowns open from the keyboard (its script handles Enter and the arrow keys).
    if (trigger.matches('[data-toggle], [data-bs-toggle]')) continue;
    const isLink = trigger.tagName === 'A';
    const href = isLink ? (trigger.getAttribute('href') || '').trim() : '';
    // A control that goes nowhere when pressed (a button, href="#", a javascript: link, role=button, a
    // script's ARIA state) may open the menu when pressed: the capture presses Enter on it to see. A link
    // to a page is never pressed (it would leave the page): it is judged by hover and focus alone.
    const press = !isLink || !href || href.startsWith('#') || /^javascript:/i.test(href) || trigger.matches('[role=button], [aria-expanded], [aria-haspopup], [aria-controls], [onclick]');
    // A button beside a link to a page (a disclosure toggle) is the keyboard's way to open it.
    if (isLink && !press && buttons.length) continue;
    if (!isLink && Object.keys(trigger).some((k) => k.startsWith('__react'))) continue;
    const hovered = [];
    for (let e = trigger; e && e !== li; e = e.parentElement) hovered.push(e);
    items.push([sub, [...hovered, li]]);
    const subLinks = [...sub.querySelectorAll('a[href]')];
    out.push({ selector: sel(trigger), tag: trigger.tagName.toLowerCase(), text: nameOf(trigger).slice(0, 60), rect: rectOf(trigger), links: subLinks.length, sample: subLinks.slice(0, 3).map((a) => nameOf(a).slice(0, 40)), press });
  }
  Object.defineProperty(window, '__siteqaMenuItems', { value: items, configurable: true });
  return out;
})()`;

/** Whether the submenu of menu item `i` shows now (after a forced :hover, or with its trigger focused). */
export const menuShownScript = (i: number) => `(() => {
  const item = (window.__siteqaMenuItems || [])[${i}];
  return !!item && item[0].checkVisibility({ visibilityProperty: true });
})()`;
