// Checks, through the guard and inside the run deadline, what the browser had no reason to load:
// the icons and manifest a head declares, srcset candidates it did not pick, stylesheet url()/@import
// targets the current viewport and state did not use, and links to other sites (politely: one request
// at a time per host, HEAD then GET).
import { clientRedirectOf } from '../evidence/client-redirect.js';
import { FOUND_ON_LISTED, type PageEvidence, type ResourceCheck, type UrlCheck } from '../evidence/types.js';
import { firstPartyTest } from '../evidence/views.js';
import { guardedFetch } from '../guard/fetch.js';
import type { GuardOptions } from '../guard/options.js';
import { CRAWLER_TOKEN } from './robots-policy.js';

const UA = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/0.1; +https://github.com/siteqa)`;
export const MAX_RESOURCE_CHECKS = 60;
export const MAX_EXTERNAL_CHECKS = 30;
const MAX_PER_HOST = 10;
const RESOURCE_TIMEOUT_MS = 5000;
const EXTERNAL_TIMEOUT_MS = 4000;
/** How much of an error answer's body is read (decoded bytes). */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * HEAD, then GET whenever HEAD does not answer with success: many servers mishandle HEAD (404, 403,
 * 405 where GET works), so only a GET answer is recorded as an error status.
 */
export async function probeUrl(url: string, found_on: string[], guard: GuardOptions, timeoutMs: number): Promise<UrlCheck> {
  let method: UrlCheck['method'] = 'HEAD';
  const headers = { 'user-agent': UA, accept: '*/*' };
  try {
    let r = await guardedFetch(url, { method: 'HEAD', maxBytes: 0, timeoutMs, maxRedirects: 5, headers }, guard);
    if (r.status >= 400) {
      method = 'GET';
      // The body is read only this far: enough for an error page's head, where a redirect sits.
      r = await guardedFetch(url, { method: 'GET', maxBytes: MAX_BODY_BYTES, timeoutMs, maxRedirects: 5, headers }, guard);
    }
    const check: UrlCheck = { url, status: r.status, method, error: null, final_url: r.finalUrl, found_on };
    // A "404" page that sends the browser on (a static host's single-page-app fallback) is not a dead link.
    const redirect = r.status === 404 || r.status === 410 ? clientRedirectOf(r.body, r.headers['content-type'] ?? null) : null;
    if (redirect) check.client_redirect = redirect;
    return check;
  } catch (err) {
    return { url, status: null, method, error: (err as Error).message.slice(0, 300), final_url: null, found_on };
  }
}

interface Target { url: string; found_on: string[]; kind?: ResourceCheck['kind']; from?: string }

function add(targets: Map<string, Target>, url: string, page: string, extra: Omit<Target, 'url' | 'found_on'> = {}): void {
  const t = targets.get(url) ?? { url, found_on: [], ...extra };
  if (!t.found_on.includes(page) && t.found_on.length < FOUND_ON_LISTED) t.found_on.push(page);
  targets.set(url, t);
}

/**
 * The icons and manifest pages declare (or `/favicon.ico` when the start page declares no icon), srcset
 * candidates and CSS references of first-party sheets, that no page requested. `production`: the host a
 * local copy copies (its stylesheets there are the site's own too).
 */
export function resourceTargets(pages: PageEvidence[], origin: string, production: string | null = null): Target[] {
  const requested = new Set(pages.flatMap((p) => p.requests.map((r) => exactUrl(r.url) ?? r.url)));
  const ownDomain = firstPartyTest(origin, production);
  const targets = new Map<string, Target>();
  // The site's icons first: a handful per site, never crowded out by a gallery's candidates.
  for (const p of pages) {
    for (const i of p.dom?.icons ?? []) {
      const u = exactUrl(i.href);
      if (u && !requested.has(u)) add(targets, u, p.final_url, { kind: i.rel, from: 'head' });
    }
  }
  // A start page that declares no icon gets the one browsers ask for by convention.
  const start = pages[0];
  if (start?.dom && start.status !== null && start.status < 400 && !(start.dom.icons ?? []).some((i) => i.rel === 'icon')) {
    const fallback = new URL('/favicon.ico', start.final_url).href;
    if (!requested.has(fallback)) add(targets, fallback, start.final_url, { kind: 'favicon_fallback', from: 'convention' });
  }
  for (const p of pages) {
    for (const c of p.dom?.srcset_candidates ?? []) {
      const u = exactUrl(c.url);
      if (u && !requested.has(u)) add(targets, u, p.final_url, { kind: 'srcset', from: c.selector });
    }
    for (const c of p.dom?.css_refs ?? []) {
      // Only the site's own stylesheets: a third party's CSS is not the owner's to fix. A <style> in the
      // page may be a widget's or a consent manager's, injected with references to its own CDN: of those,
      // only references to the site itself count.
      if (!ownDomain(c.from === 'inline' ? c.url : c.from)) continue;
      const u = exactUrl(c.url);
      if (u && !requested.has(u)) add(targets, u, p.final_url, { kind: c.kind === 'import' ? 'css_import' : 'css_url', from: c.from });
    }
  }
  return [...targets.values()];
}

/** Files of the kinds a page shows or runs; an API call failing once is the app's affair. */
const PAGE_FILE_TYPES = new Set(['script', 'stylesheet', 'image', 'font', 'media']);
/** Files asked for again after the crawl (a first run's resets are a handful, a dead host is not retried here). */
export const MAX_RETRIES = 10;

/**
 * The site's own files that failed without any answer (a reset, a timeout: no status) and loaded on no
 * page of the run, with the pages they failed on: asked for once more after the crawl, so one dropped
 * connection on a loaded machine is not taken for a missing file. Refused and client-blocked requests
 * are not failures of the site.
 */
export function retryTargets(pages: PageEvidence[], origin: string, production: string | null = null): Map<string, string[]> {
  const own = firstPartyTest(origin, production);
  const loaded = new Set(pages.flatMap((p) => p.requests.filter((r) => r.status !== null && r.status < 400).map((r) => r.url)));
  const out = new Map<string, string[]>();
  for (const p of pages) {
    for (const r of p.requests) {
      if (r.status !== null || !r.failure || r.blocked || r.is_navigation || !PAGE_FILE_TYPES.has(r.resource_type)) continue;
      if (loaded.has(r.url) || !exactUrl(r.url) || !own(r.url)) continue;
      const on = out.get(r.url) ?? [];
      if (!on.includes(p.final_url)) on.push(p.final_url);
      out.set(r.url, on);
    }
  }
  return new Map([...out.entries()].slice(0, MAX_RETRIES));
}

/** Links on crawled pages that lead off the site (the crawl's link checks cover the site itself). */
export function externalTargets(pages: PageEvidence[], isSameSite: (url: string) => boolean): Target[] {
  const targets = new Map<string, Target>();
  for (const p of pages) {
    for (const l of p.dom?.links ?? []) {
      // Paid and user-generated links are not the owner's to vouch for, and fetching an affiliate
      // link on every monitor run would read as clicks to the network that pays for them.
      if (/\b(sponsored|ugc)\b/i.test(l.rel ?? '')) continue;
      const u = exactUrl(l.href);
      if (u && !isSameSite(u)) add(targets, u, p.final_url);
    }
  }
  return [...targets.values()];
}

/** The URL as the page names it, without its fragment (never fetched); unchanged otherwise, query included. */
function exactUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * The links to other sites whose answer does not say whether the page exists (logins, bot walls, rate
 * limits, server errors, a 404 page that redirects in the browser, no answer, guard refusals), for the report's notes: links.broken_external never counts them.
 */
export function unverifiedNote(checks: UrlCheck[]): string | null {
  const notFound = (c: UrlCheck) => /could not be resolved \(ENOTFOUND\)/.test(c.error ?? '');
  // A name that does not resolve counts as dead only when the resolver works: some other host answered
  // (links.broken_external's rule). Otherwise (an audit machine without internet access) it is unverified.
  const resolverWorks = checks.some((c) => c.status !== null);
  const unverified = checks.filter((c) => c.status === null ? !notFound(c) || !resolverWorks : c.status >= 400 && ((c.status !== 404 && c.status !== 410) || !!c.client_redirect));
  if (!unverified.length) return null;
  const label = (c: UrlCheck) =>
    // The guard's own lookup failing reads "refused <url>: … could not be resolved (ENOTFOUND)": a name, not a refusal.
    c.status === null ? (notFound(c) ? 'name not resolved, and no other site answered' : /^refused /.test(c.error ?? '') ? 'refused by the URL guard' : 'no answer') : c.client_redirect ? `${c.status} redirecting in the browser` : String(c.status);
  const what = [...new Set(unverified.map(label))].sort().join(', ');
  const n = unverified.length;
  return `${n} link${n === 1 ? '' : 's'} to other sites could not be verified (${what}); only a 404/410 or a host that does not exist counts as broken`;
}

const byUrl = <T extends { url: string }>(a: T, b: T) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/**
 * `probeAt`: where a reference is fetched (a local copy's production files at the copy, copy-route.ts);
 * the check keeps the address the page wrote.
 */
export async function checkResources(targets: Target[], guard: GuardOptions, deadline: number, probeAt: (url: string) => string = (u) => u): Promise<ResourceCheck[]> {
  const list = targets.slice(0, MAX_RESOURCE_CHECKS);
  const out: ResourceCheck[] = [];
  let i = 0;
  const worker = async () => {
    while (i < list.length && Date.now() < deadline) {
      const t = list[i++]!;
      const r = await probeUrl(probeAt(t.url), t.found_on, guard, Math.min(RESOURCE_TIMEOUT_MS, Math.max(500, deadline - Date.now())));
      out.push({ ...r, url: t.url, kind: t.kind ?? 'css_url', referenced_from: t.from ?? '' });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out.sort(byUrl);
}

/**
 * One queue per host, at most 4 hosts at once; within a host, one request at a time, at most
 * MAX_PER_HOST URLs, and none after two that got no answer (a host that hangs must not eat the run).
 */
export async function checkExternalLinks(targets: Target[], guard: GuardOptions, deadline: number): Promise<UrlCheck[]> {
  const byHost = new Map<string, Target[]>();
  for (const t of targets) {
    const host = new URL(t.url).host.toLowerCase();
    const q = byHost.get(host) ?? [];
    if (q.length < MAX_PER_HOST) byHost.set(host, [...q, t]);
  }
  let budget = MAX_EXTERNAL_CHECKS;
  const queues = [...byHost.values()];
  const out: UrlCheck[] = [];
  const worker = async () => {
    for (let q = queues.shift(); q; q = queues.shift()) {
      let silent = 0;
      for (const t of q) {
        if (Date.now() >= deadline || budget <= 0 || silent >= 2) break;
        budget--;
        const r = await probeUrl(t.url, t.found_on, guard, Math.min(EXTERNAL_TIMEOUT_MS, Math.max(500, deadline - Date.now())));
        if (r.status === null) silent++;
        out.push(r);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out.sort(byUrl);
}

/**
 * What the run's deadline left of a probe of `all` targets that checked `done`: a note when it cut some,
 * and `unchecked` when there were targets and none got checked. The bundle then leaves the probe's
 * results out, so the checks reading them say "not applicable", never "passed".
 */
export function cutByDeadline(all: number, done: number, deadlinePassed: boolean, what: string): { note: string | null; unchecked: boolean } {
  if (!deadlinePassed || done >= all) return { note: null, unchecked: false };
  const n = all - done;
  return { note: `${n} ${what} ${n === 1 ? 'was' : 'were'} not checked: the run's time ran out`, unchecked: done === 0 };
}
