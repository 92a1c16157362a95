// The browser side of the app model's never-touch areas: which of the elements a page offers a
// persona sit inside a never-touch selector, link to a never-touch URL, or belong to a form that
// posts to one. The persona never chooses those (safety.ts also refuses the URLs themselves).
import type { Page } from 'playwright-core';
import type { StepTargetIdentity } from '../evidence/types.js';
import type { ChaosModelPolicy } from './app-model-policy.js';

interface Probe {
  css: (string | null)[];
  selectors: string[];
  sources: string[];
  host: string;
}

/**
 * Runs in the page (kept as source text: what a bundler adds to a function never reaches the page):
 * one flag per offered element (true: never touch), and the selectors the browser could not parse.
 */
const FLAG_SCRIPT = `({ css, selectors, sources, host }) => {
  const invalid = [];
  const valid = selectors.filter((s) => { try { document.querySelector(s); return true; } catch { invalid.push(s); return false; } });
  const patterns = sources.map((s) => new RegExp(s));
  const forbidden = (raw) => {
    if (!raw) return false;
    let u;
    try { u = new URL(raw, location.href); } catch { return false; }
    const h = u.hostname.toLowerCase();
    if (h !== host && !h.endsWith('.' + host)) return false;
    let decoded = u.pathname;
    try { decoded = decodeURI(u.pathname); } catch {}
    return patterns.some((p) => p.test(u.pathname) || p.test(decoded));
  };
  const flags = css.map((c) => {
    let el = null;
    try { el = c ? document.querySelector(c) : null; } catch {}
    if (!el) return false;
    if (valid.some((s) => el.closest(s))) return true;
    const link = el.closest('a[href]');
    if (link && forbidden(link.href)) return true;
    const form = el.form || el.closest('form');
    return !!form && forbidden(form.getAttribute('action') || location.href);
  });
  return { flags, invalid };
}`;

/** The offer without what the model keeps the persona away from; `invalid` names selectors the page could not use. */
export async function withoutNeverTouch(page: Page, offer: StepTargetIdentity[], policy: ChaosModelPolicy | null): Promise<{ offer: StepTargetIdentity[]; invalid: string[] }> {
  if (!policy || (!policy.neverSelectors.length && !policy.neverUrls.length) || !offer.length) return { offer, invalid: [] };
  const probe: Probe = { css: offer.map((t) => t.css), selectors: policy.neverSelectors, sources: policy.neverUrls.map((p) => p.regex.source), host: policy.host };
  // When the page cannot be asked (it is navigating away), nothing is offered rather than anything.
  const result = (await page.evaluate(`(${FLAG_SCRIPT})(${JSON.stringify(probe)})`).catch(() => null)) as { flags: boolean[]; invalid: string[] } | null;
  if (!result) return { offer: [], invalid: [] };
  return { offer: offer.filter((_, i) => !result.flags[i]), invalid: result.invalid };
}
