// Measurement commands a page queued, read after load: gtag('config', 'G-…') and GTM's start in
// `dataLayer`, Matomo's `_paq`, the Meta pixel's `fbq` queue, GTM's loaded containers, and Universal
// Analytics' `ga('create', 'UA-…')` (analytics.js's command queue under whatever name
// `GoogleAnalyticsObject` gives it; once the loader ran, its hits carry the id) and `_gaq.push(['_setAccount', …])` (ga.js). These show a
// tag is configured even when its loader never ran (blocked by CSP, a dead host, consent withheld).
import type { Page } from 'playwright-core';
import type { TagConfigEntry } from '../../evidence/types.js';
import { within } from '../time.js';

/** Entries kept per page: the commands that name a property come first in real pages. */
const MAX_ENTRIES = 40;

// Runs in the page: plain ES2017, no closures over Node values. Values are never read beyond short ids,
// and no page function is called (a page's code could loop).
const SCRIPT = `(() => {
  const out = [];
  const str = (v) => (typeof v === 'string' ? v.slice(0, 120) : null);
  const push = (source, command, id) => { if (out.length < ${MAX_ENTRIES} && command) out.push({ source, command: String(command).slice(0, 60), id: str(id) }); };
  const listy = (e) => e && typeof e === 'object' && typeof e.length === 'number' && (Array.isArray(e) || Object.prototype.toString.call(e) === '[object Arguments]');
  try {
    const dl = Array.isArray(window.dataLayer) ? window.dataLayer.slice(0, 200) : [];
    for (const e of dl) {
      if (listy(e)) { if (e[0] === 'config' || e[0] === 'consent') push('dataLayer', e[0], e[0] === 'config' ? e[1] : e[1]); }
      else if (e && typeof e === 'object' && typeof e.event === 'string' && /^gtm\\.js$/.test(e.event)) push('dataLayer', 'gtm.js', null);
    }
  } catch (e) {}
  try {
    const paq = Array.isArray(window._paq) ? window._paq.slice(0, 100) : [];
    for (const e of paq) if (listy(e) && /^(setSiteId|setTrackerUrl|trackPageView)$/.test(e[0])) push('_paq', e[0], e[1] != null ? String(e[1]) : null);
  } catch (e) {}
  try {
    const q = window.fbq && Array.isArray(window.fbq.queue) ? window.fbq.queue.slice(0, 50) : [];
    for (const e of q) if (listy(e) && e[0] === 'init') push('fbq', 'init', e[1] != null ? String(e[1]) : null);
  } catch (e) {}
  try {
    const name = typeof window.GoogleAnalyticsObject === 'string' ? window.GoogleAnalyticsObject : 'ga';
    const ga = window[name];
    if (typeof ga === 'function') {
      const q = Array.isArray(ga.q) ? ga.q.slice(0, 50) : [];
      for (const e of q) if (listy(e) && e[0] === 'create') push('ga', 'create', typeof e[1] === 'string' ? e[1] : e[1] && e[1].trackingId);
    }
  } catch (e) {}
  try {
    const gaq = Array.isArray(window._gaq) ? window._gaq.slice(0, 50) : [];
    for (const e of gaq) if (listy(e) && /^([\w$]+\.)?_setAccount$/.test(e[0])) push('_gaq', '_setAccount', e[1]);
  } catch (e) {}
  try {
    if (window.google_tag_manager && typeof window.google_tag_manager === 'object') {
      for (const k of Object.keys(window.google_tag_manager)) if (/^(GTM|G|GT|AW|DC)-[A-Z0-9]+$/i.test(k)) push('google_tag_manager', 'container', k);
    }
  } catch (e) {}
  return out;
})()`;

export function readTagConfig(page: Page, ms = 1000): Promise<TagConfigEntry[]> {
  return within(page.evaluate(SCRIPT) as Promise<TagConfigEntry[]>, ms, []);
}
