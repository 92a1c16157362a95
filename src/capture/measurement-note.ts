// The report's word on measurement requests the audit's own URL guard refused: a tag that sent a hit is
// counted as firing, but a refused hit never reached its endpoint (or the audit's stub), and a refused
// tag script never ran. Either is the installation's policy (QA_URL_ALLOWLIST_ONLY, a private address),
// not the site's defect, so no check punishes it: this note says what was not verified. Pure.
import type { RequestRecord } from '../evidence/types.js';
import { matchScript, parseHits, vendorById } from '../evidence/vendors.js';

/** Refused by policy (allowlist-only, private address); a host that does not resolve is the site's own fact. */
const refusedByGuard = (r: RequestRecord) => r.blocked && (r.failure_reason === 'guard' || r.failure_reason === 'guard_private');

const list = (names: Set<string>) => [...names].sort().join(', ');

/** One page load's requests: a crawled page, or a consent load of it (same URL, counted once). */
export interface RequestSource { url: string; requests: readonly RequestRecord[] }

const pagesText = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

export function refusedMeasurementNote(sources: Iterable<RequestSource>, allowlistOnly: boolean): string | null {
  const hitPages = new Set<string>();
  const scriptPages = new Set<string>();
  const hitVendors = new Set<string>();
  const scriptVendors = new Set<string>();
  for (const { url, requests } of sources) {
    for (const r of requests) {
      if (r.is_navigation || !refusedByGuard(r)) continue;
      const found = parseHits(r.url, r.post_data);
      if (found.length) {
        hitPages.add(url);
        for (const h of found) hitVendors.add(vendorById(h.vendor)?.name ?? h.vendor);
        continue;
      }
      const tag = matchScript(r.url);
      if (tag) {
        scriptPages.add(url);
        scriptVendors.add(tag.name);
      }
    }
  }
  if (!hitPages.size && !scriptPages.size) return null;
  const why = allowlistOnly ? 'this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' : 'their hosts are on private addresses';
  const parts: string[] = [];
  if (hitPages.size) parts.push(`Analytics hits (${list(hitVendors)}) on ${pagesText(hitPages.size)} were refused by the audit's URL guard, because ${why}: the tags count as firing, but that their hits are delivered was not verified`);
  if (scriptPages.size) parts.push(`${hitPages.size ? 'tag' : 'Tag'} scripts (${list(scriptVendors)}) on ${pagesText(scriptPages.size)} were refused ${hitPages.size ? 'too' : `by the audit's URL guard, because ${why}`}: whether those tags run was not verified, and no check counts it against the site`);
  return `${parts.join('; ')}.`;
}
