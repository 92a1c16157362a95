// The report's word on measurement requests the audit's own URL guard refused: a tag that sent a hit is
// counted as firing, but a refused hit never reached its endpoint (or the audit's stub), and a refused
// tag script never ran. Either is the installation's policy (QA_URL_ALLOWLIST_ONLY, a private address),
// not the site's defect, so no check punishes it: this note says what was not verified. Pure.
import type { RequestRecord } from '../evidence/types.js';
import { matchScript, parseHits, vendorById } from '../evidence/vendors.js';

/** Refused by policy (allowlist-only, private address); a host that does not resolve is the site's own fact. */
const refusedByGuard = (r: RequestRecord) => r.blocked && (r.failure_reason === 'guard' || r.failure_reason === 'guard_private');

const list = (names: Set<string>) => [...names].sort().join(', ');

export function refusedMeasurementNote(requests: Iterable<RequestRecord>, allowlistOnly: boolean): string | null {
  let hits = 0;
  let scripts = 0;
  const hitVendors = new Set<string>();
  const scriptVendors = new Set<string>();
  for (const r of requests) {
    if (r.is_navigation || !refusedByGuard(r)) continue;
    const found = parseHits(r.url, r.post_data);
    if (found.length) {
      hits += found.length;
      for (const h of found) hitVendors.add(vendorById(h.vendor)?.name ?? h.vendor);
      continue;
    }
    const tag = matchScript(r.url);
    if (tag) {
      scripts++;
      scriptVendors.add(tag.name);
    }
  }
  if (!hits && !scripts) return null;
  const why = allowlistOnly ? 'this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' : 'their hosts are on private addresses';
  const parts: string[] = [];
  if (hits) parts.push(`${hits} analytics hit${hits === 1 ? '' : 's'} (${list(hitVendors)}) ${hits === 1 ? 'was' : 'were'} refused by the audit's URL guard, because ${why}: the tag counts as firing, but that its hits are delivered was not verified`);
  if (scripts) parts.push(`${scripts} tag script request${scripts === 1 ? '' : 's'} (${list(scriptVendors)}) ${scripts === 1 ? 'was' : 'were'} ${hits ? 'refused too' : `refused by the audit's URL guard, because ${why}`}: whether ${scripts === 1 && scriptVendors.size === 1 ? 'that tag runs' : 'those tags run'} was not verified, and no check counts it against the site`);
  return `${parts.join('; ')}.`;
}
