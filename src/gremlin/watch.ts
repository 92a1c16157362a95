// In-page probes for the breakage kinds that need to look inside the page: whether a click changed
// anything at all (DOM, layout, scroll, focus, media, history), which loading indicators are showing,
// and whether a field still holds what was typed. Plain JavaScript in strings, built once in Node:
// the TypeScript toolchain would wrap named functions in helpers the page does not have.
import type { Page } from 'playwright-core';
import { within } from '../capture/time.js';

/** What a click could have changed, read before and after it. */
const STATE = `const state = (target) => {
  let n = 0, h = 0, shadow = false, frames = false;
  const all = document.body ? document.body.getElementsByTagName('*') : [];
  for (let i = 0; i < Math.min(all.length, 3000); i++) {
    const e = all[i];
    if (e.shadowRoot) shadow = true;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if ((e.tagName === 'IFRAME' || e.tagName === 'CANVAS' || e.tagName === 'EMBED' || e.tagName === 'OBJECT')) frames = true;
    const cs = getComputedStyle(e);
    if (cs.visibility !== 'visible' || cs.opacity === '0') continue;
    n++;
    h = (Math.imul(h, 31) + Math.round(r.x) * 7 + Math.round(r.y) * 13 + Math.round(r.width) * 17 + Math.round(r.height)) | 0;
  }
  const media = Array.from(document.querySelectorAll('audio, video')).map((m) => m.paused ? 0 : 1).join('');
  return { layout: n + ':' + h, scroll: Math.round(scrollX) + ',' + Math.round(scrollY), history: history.length, media, shadow, frames,
    active: document.activeElement, sel: String(getSelection ? getSelection() : '') };
};`;

/**
 * Arms the watch before a click on `css`: says whether the target is a control a click should visibly
 * act on (a button that is not reset/disabled/submitting an invalid form, a link that is not to the
 * page already shown, a download or a new window), and starts counting DOM mutations.
 */
const ARM = new Function('css', `${STATE}
  const el = css ? document.querySelector(css) : null;
  if (!el) return false;
  const tag = el.tagName.toLowerCase(), role = el.getAttribute('role'), type = (el.getAttribute('type') || '').toLowerCase();
  const button = (tag === 'button' && type !== 'reset') || (tag === 'input' && (type === 'button' || type === 'submit')) || role === 'button';
  const href = tag === 'a' ? el.getAttribute('href') : null;
  const link = href !== null || role === 'link';
  if (!button && !link) return false;
  if (el.disabled || el.closest('[aria-disabled=true], [inert], fieldset[disabled], summary, label, details > summary')) return false;
  if (el.form && el.form.checkValidity && !el.form.checkValidity()) return false;
  if (href !== null) {
    if (el.hasAttribute('download') || (el.target && el.target !== '_self')) return false;
    // A link to the page already shown (an anchor on it, or the current nav item a script router
    // rightly ignores) has nothing to do.
    const u = new URL(el.href, location.href);
    if (u.origin + u.pathname + u.search === location.origin + location.pathname + location.search || el.getAttribute('aria-current') === 'page') return false;
  }
  const s = state(el);
  if (s.shadow || s.frames) return false;
  const w = { token: Math.random(), mutations: 0, before: s, target: el };
  w.observer = new MutationObserver((list) => { w.mutations += list.length; });
  w.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__siteqaClickWatch = w;
  return true;`) as (css: string | null) => boolean;

/** True when anything the click could have done happened since the watch was armed (or the document changed). */
const CHANGED = new Function(`${STATE}
  const w = window.__siteqaClickWatch;
  if (!w) return true;
  const s = state(w.target), b = w.before;
  const focusMoved = s.active !== b.active && s.active !== w.target && s.active !== document.body && !(s.active && w.target.contains(s.active));
  return w.mutations > 0 || s.layout !== b.layout || s.scroll !== b.scroll || s.history !== b.history || s.media !== b.media || s.sel !== b.sel || focusMoved;`) as () => boolean;

export function armClickWatch(page: Page, css: string | null): Promise<boolean> {
  return within(page.evaluate(ARM, css), 1500, false).catch(() => false);
}

/** Whether the armed click changed anything; true (changed) when the page cannot be read. */
export function clickChangedSomething(page: Page): Promise<boolean> {
  return within(page.evaluate(CHANGED), 1500, true).catch(() => true);
}

export interface Indicator {
  css: string;
  label: string;
}

/**
 * Visible loading indicators: an indeterminate progress bar (role=progressbar or <progress> without
 * a value), a region marked aria-busy=true, or an element named spinner/loader/loading (class or id)
 * that is animating.
 */
const INDICATORS = new Function(`
  const path = (el) => { const parts = []; for (let n = el; n && n.tagName.toLowerCase() !== 'html'; n = n.parentElement) {
    if (n.id && document.querySelectorAll('#' + CSS.escape(n.id)).length === 1) { parts.unshift('#' + CSS.escape(n.id)); break; }
    const same = n.parentElement ? Array.from(n.parentElement.children).filter((c) => c.tagName === n.tagName) : [];
    parts.unshift(same.length > 1 ? n.tagName.toLowerCase() + ':nth-of-type(' + (same.indexOf(n) + 1) + ')' : n.tagName.toLowerCase()); } return parts.join(' > '); };
  const named = /(^|[-_\\s])(spinner|loader|loading|spinning)($|[-_\\s])/i;
  const out = [];
  for (const el of Array.from(document.querySelectorAll('[role=progressbar], progress, [aria-busy=true], [class], [id]')).slice(0, 5000)) {
    const role = el.getAttribute('role');
    const indeterminate = (role === 'progressbar' && !el.hasAttribute('aria-valuenow')) || (el.tagName === 'PROGRESS' && !el.hasAttribute('value'));
    const busy = el.getAttribute('aria-busy') === 'true';
    const spinning = !indeterminate && !busy && (named.test(String(el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className)) || named.test(el.id))
      && el.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
    if (!indeterminate && !busy && !spinning) continue;
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || cs.visibility !== 'visible' || cs.display === 'none' || el.closest('[hidden]')) continue;
    const label = (el.getAttribute('aria-label') || el.innerText || (el.parentElement && el.parentElement.innerText) || el.getAttribute('class') || el.tagName).replace(/\\s+/g, ' ').trim().slice(0, 80);
    out.push({ css: path(el), label });
    if (out.length >= 5) break;
  }
  return out;`) as () => Indicator[];

export function loadingIndicators(page: Page): Promise<Indicator[]> {
  return within(page.evaluate(INDICATORS), 1500, [] as Indicator[]).catch(() => []);
}

/**
 * What became of a value typed into the field at `css`: kept, gone with its field, shown elsewhere on
 * the page (consumed, e.g. a to-do added), skipped (password and file fields), or lost.
 */
const FIELD = new Function('arg', `
  const el = document.querySelector(arg.css);
  if (!el || !('value' in el)) return 'gone';
  if (['password', 'file', 'hidden'].includes(el.type)) return 'skip';
  if (el.value !== '') return 'kept';
  const probe = arg.value.trim().slice(0, 40);
  if ((document.body.innerText || '').includes(probe)) return 'shown';
  for (const f of document.querySelectorAll('input, textarea')) if (f.value && f.value.includes(probe)) return 'shown';
  return 'lost';`) as (arg: { css: string; value: string }) => FieldFate;

export type FieldFate = 'kept' | 'gone' | 'shown' | 'skip' | 'lost';

export function fieldFate(page: Page, css: string, value: string): Promise<FieldFate> {
  return within(page.evaluate(FIELD, { css, value }), 1500, 'gone' as FieldFate).catch(() => 'gone' as FieldFate);
}

/** Marks the current document so a later look can tell whether it is still the same one. */
export function markDocument(page: Page): Promise<string> {
  const token = `d${Math.random().toString(36).slice(2)}`;
  return within(page.evaluate((t) => ((window as unknown as { __siteqaDoc?: string }).__siteqaDoc ??= t), token), 1000, '').catch(() => '');
}

export function documentMark(page: Page): Promise<string | null> {
  return within(page.evaluate(() => (window as unknown as { __siteqaDoc?: string }).__siteqaDoc ?? null), 1000, null).catch(() => null);
}
