// Shared readings of recorded requests for the Fast checks: which ones are the site's real network
// cost, their sizes and media types, and which pages are judged.
import type { EvidenceBundle, PageEvidence, RequestRecord } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import { withoutAnchor } from '../../../evidence/url-identity.js';

/**
 * A page of the site that answered 2xx, once per final URL (two links redirecting to one page count
 * once; a hash route is a screen of its own). A link that redirected to another site (a shop, a login provider) is not the site's page.
 */
export function judgedPages(evidence: EvidenceBundle, views: EvidenceViews): PageEvidence[] {
  const seen = new Set<string>();
  const out: PageEvidence[] = [];
  for (const page of evidence.pages) {
    if (page.status === null || page.status < 200 || page.status > 299) continue;
    if (!views.isFirstParty(page.final_url)) continue;
    // A single-page app's hash route is its own screen, loaded whole by the crawl: judged on its own.
    const key = withoutAnchor(page.final_url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(page);
  }
  return out;
}

/**
 * True for requests that really went to the network for the site: not refused by our URL guard
 * (our policy, not the site's), not a beacon we answered locally, not data:/blob:/extension URLs,
 * and answered with a status (aborted and failed requests carry no reliable sizes).
 */
export function isCountable(r: RequestRecord): boolean {
  if (r.blocked || r.beacon_stubbed || r.status === null) return false;
  return /^https?:/i.test(r.url);
}

/** Bytes on the wire for a request, or null when the browser did not report a size. */
export function wireBytes(r: RequestRecord): number | null {
  return r.transfer_bytes ?? r.body_bytes;
}

/** Body bytes as transferred (still content-encoded), falling back to Content-Length. */
export function bodyBytes(r: RequestRecord): number | null {
  if (r.body_bytes !== null) return r.body_bytes;
  const len = Number(header(r, 'content-length'));
  return Number.isFinite(len) && len >= 0 && header(r, 'content-length') !== '' ? len : null;
}

/** A response header (names are lower-cased by capture), '' when absent. */
export function header(r: RequestRecord, name: string): string {
  return r.response_headers[name] ?? '';
}

/** The media type of a response without parameters, lower-cased ('' when absent). */
export function mediaType(r: RequestRecord): string {
  return header(r, 'content-type').split(';')[0]!.trim().toLowerCase();
}

/** A URL without its fragment, for matching DOM references to requests. */
export function withoutHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}

/** The page's countable requests keyed by URL (first answered request wins). */
export function requestsByUrl(page: PageEvidence): Map<string, RequestRecord> {
  const map = new Map<string, RequestRecord>();
  for (const r of page.requests) {
    if (!isCountable(r)) continue;
    const key = withoutHash(r.url);
    if (!map.has(key)) map.set(key, r);
  }
  return map;
}

/** Kibibytes with one decimal, for readable evidence. */
export function kib(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** The first `cap` items plus the total, spread into evidence as `<name>` and `<name>_total`. */
export function capped<T>(name: string, items: readonly T[], cap = 20): Record<string, unknown> {
  return { [name]: items.slice(0, cap), [`${name}_total`]: items.length };
}

/** Whether `url` is served from `origin` (scheme, host and port). */
export function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
