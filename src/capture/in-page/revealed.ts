// In the page: controls that show content already in the document (a tab, a modal's trigger, an
// accordion header, a disclosure), and, around one click on such a control, what the click made
// visible. Content hidden on load is skipped by axe (hidden elements are not audited), so a tab panel's
// unlabelled field or a modal's untitled map is only seen once a click shows it. Plain JS text on
// purpose (see scripts.test.ts).
import { FINISH_ANIMATIONS_SCRIPT } from '../axe.js';
import { NAME_FN, SELECTOR_FN } from './selector.js';

export interface Revealer {
  /** Its place among the page's revealers (the list is rebuilt in the same order after a reload). */
  index: number;
  /** Its accessible name as far as the page gives it (aria-label, text, title, an image's alt). */
  name: string;
  selector: string;
}

export interface RevealedPart {
  selector: string;
  /** Elements in it (itself included). */
  elements: number;
  /** The start of its text, for the report. */
  text: string;
}

/**
 * Visible, enabled controls outside forms that show hidden content of this document: `aria-expanded="false"`,
 * an unselected tab, Bootstrap's `data-(bs-)toggle` modal/tab/pill/collapse, a `#fragment` link whose
 * target is hidden, a closed `<details>`' summary. One per kind of control (tag, classes and toggle), in
 * document order; kept in `window.__siteqaRevealers` for the click. `contentOnly`: none in the header, nav
 * or footer (the template's, clicked on the start page already).
 */
export const revealersScript = (max: number, contentOnly = false) => `(() => {
  const sel = ${SELECTOR_FN};
  const hidden = (el) => !el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const targetOf = (el) => {
    const id = (el.getAttribute('aria-controls') || '').split(/\\s+/)[0] || ((el.getAttribute('data-bs-target') || el.getAttribute('data-target') || el.getAttribute('href') || '').match(/^#([A-Za-z][\\w-]*)$/) || [])[1];
    return id ? document.getElementById(id) : null;
  };
  const reveals = (el) => {
    if (el.matches('summary')) return !!el.parentElement && el.parentElement.matches('details:not([open])');
    if (el.getAttribute('aria-expanded') === 'false') return true;
    // A tab already shown: selected, or marked active by its framework (Bootstrap's .active, even where the
    // theme leaves aria-selected="false" on it, as Docsy does).
    if (el.getAttribute('role') === 'tab') return el.getAttribute('aria-selected') !== 'true' && !el.classList.contains('active');
    if (/^(tab|pill)$/.test(el.getAttribute('data-bs-toggle') || el.getAttribute('data-toggle') || '') && el.classList.contains('active')) return false;
    if (/^(modal|tab|pill|collapse|offcanvas)$/.test(el.getAttribute('data-bs-toggle') || el.getAttribute('data-toggle') || '')) return true;
    const t = targetOf(el);
    return !!t && t !== el && !t.contains(el) && hidden(t);
  };
  const nameOf = ${NAME_FN};
  const kinds = new Set();
  const out = [];
  const list = [];
  for (const el of document.querySelectorAll('[aria-expanded], [role=tab], [data-bs-toggle], [data-toggle], a[href^="#"], [aria-controls], details > summary')) {
    if (out.length >= ${max}) break;
    if (el.closest('form, [contenteditable]') || el.matches('input, select, textarea, [disabled], [aria-disabled=true]')) continue;
    if (${contentOnly} && el.closest('nav, [role=navigation], header, [role=banner], footer, [role=contentinfo]')) continue;
    if (!reveals(el) || hidden(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 4 || box.height < 4 || getComputedStyle(el).pointerEvents === 'none') continue;
    const kind = el.tagName + '.' + [...el.classList].sort().join('.') + '|' + (el.getAttribute('data-bs-toggle') || el.getAttribute('data-toggle') || el.getAttribute('role') || '');
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    list.push(el);
    out.push({ index: out.length, name: nameOf(el).slice(0, 60), selector: sel(el) });
  }
  Object.defineProperty(window, '__siteqaRevealers', { value: list, configurable: true });
  // What each names as the content it shows (its <details> for a summary), when it names one.
  Object.defineProperty(window, '__siteqaRevealerTargets', { value: list.map((el) => el.matches('summary') ? el.parentElement : targetOf(el)), configurable: true });
  return out;
})()`;

/**
 * Before a click: remembers every element shown now (`window.__siteqaShown`). Entrance animations still
 * running are finished first: a footer fading in after load (Minimal Mistakes' `intro`, delayed 0.45 s) is
 * at opacity 0 now and would read as something the click showed.
 */
export const MARK_SHOWN_SCRIPT = `(() => {
  ${FINISH_ANIMATIONS_SCRIPT};
  const shown = new WeakSet();
  if (document.body) shown.add(document.body);
  const all = document.querySelectorAll('body *');
  for (let i = 0; i < all.length && i < 30000; i++) if (all[i].checkVisibility({ visibilityProperty: true, opacityProperty: true })) shown.add(all[i]);
  Object.defineProperty(window, '__siteqaShown', { value: shown, configurable: true });
  return true;
})()`;

/**
 * After the click: the outermost elements shown now that were not before (their parent was), holding
 * text, a control, an image or a frame, largest first, at most `max`; kept in `window.__siteqaRevealed`
 * for axe's context. `inTarget`: only those in, or holding, the target the clicked control names
 * (`window.__siteqaTarget`, when it names one) or in a dialog: a late banner, a chat launcher or a
 * carousel's next slide showing meanwhile is not the click's content.
 */
export const readRevealedScript = (max: number, inTarget = false) => `(() => {
  const shown = window.__siteqaShown;
  if (!shown) return [];
  const target = ${inTarget} ? window.__siteqaTarget : null;
  const belongs = (el) => !target || target.contains(el) || el.contains(target) || !!el.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]');
  const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const sel = ${SELECTOR_FN};
  const CONTENT = 'img, svg, input, select, textarea, button, iframe, video, audio, canvas, a[href], [role]';
  const roots = [];
  const all = document.querySelectorAll('body *');
  for (let i = 0; i < all.length && i < 30000; i++) {
    const el = all[i];
    if (shown.has(el) || !el.parentElement || !shown.has(el.parentElement)) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || !belongs(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width * box.height < 64) continue;
    if (!squash(el.innerText) && !el.matches(CONTENT) && !el.querySelector(CONTENT)) continue;
    roots.push({ el, elements: el.getElementsByTagName('*').length + 1 });
  }
  roots.sort((a, b) => b.elements - a.elements);
  const kept = roots.slice(0, ${max});
  Object.defineProperty(window, '__siteqaRevealed', { value: kept.map((r) => r.el), configurable: true });
  return kept.map((r) => ({ selector: sel(r.el), elements: r.elements, text: squash(r.el.innerText).slice(0, 80) }));
})()`;
