// The report's one word on the requests the audit's own URL guard refused: the installation's policy
// (QA_URL_ALLOWLIST_ONLY, a private address, the guard's other rules), never the site's defect, so no
// check punishes them, but the page the audit saw was not the page a visitor gets. Analytics: a tag
// that sent a hit counts as firing, but a refused hit never reached its endpoint (or the audit's stub),
// and a refused tag script never ran. Everything else (stylesheets, fonts, images, frames…) was not
// loaded, so the layout, contrast and timing measured may differ from a visitor's. Pure.
import type { RequestRecord } from '../evidence/types.js';
import { matchScript, parseHits, vendorById } from '../evidence/vendors.js';
import { offlineWitness, recordedReason, unreachedOffline } from '../evidence/offline.js';

/** Refused by policy (allowlist-only, private address); a host that does not resolve is the site's own fact. */
const refusedByGuard = (r: RequestRecord) => r.blocked && (r.failure_reason === 'guard' || r.failure_reason === 'guard_private');

type Policy = 'allowlist' | 'private' | 'rule';
const POLICIES: readonly Policy[] = ['allowlist', 'private', 'rule'];
const WHY: Record<Policy, string> = {
  allowlist: 'this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)',
  private: 'their hosts are on private addresses',
  rule: "their hosts are on the guard's own list (browser background traffic, the run's blocked hosts, an unusable address)",
};

/** Which policy refused a request: the guard's reason when recorded, else what the installation runs with. */
function policyOf(r: RequestRecord, allowlistOnly: boolean): Policy {
  if (r.guard_reason ? /QA_URL_ALLOWLIST_ONLY/.test(r.guard_reason) : allowlistOnly && r.failure_reason === 'guard') return 'allowlist';
  return r.failure_reason === 'guard_private' ? 'private' : 'rule';
}

const whyOf = (policies: Set<Policy>) => POLICIES.filter((p) => policies.has(p)).map((p) => WHY[p]).join(', or ');

/** The kinds a refused request is counted under, in the note's order. */
const KINDS = ['stylesheets', 'scripts', 'fonts', 'images', 'frames', 'other requests'] as const;
type Kind = (typeof KINDS)[number];
const KIND_OF: Record<string, Kind> = { stylesheet: 'stylesheets', script: 'scripts', font: 'fonts', image: 'images', document: 'frames' };

/** Hosts shown per kind before "…": those refused most often first, so the one that changed a page most is named. */
const MAX_HOSTS = 3;

const list = (names: Set<string>) => [...names].sort().join(', ');
const hostsText = (hosts: Map<string, number>) => {
  const sorted = [...hosts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([h]) => h);
  return sorted.length > MAX_HOSTS ? `${sorted.slice(0, MAX_HOSTS).join(', ')}, …` : sorted.join(', ');
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
};

/**
 * One page load's requests: a crawled page, or a consent load of it (same URL, counted once).
 * `public`: the page is served from a public address, so security.private_address_request reports its
 * requests to private addresses as the site's finding.
 */
export interface RequestSource { url: string; requests: readonly RequestRecord[]; public?: boolean }

/**
 * The pages' requests and the consent loads', each under the page it is: a consent load names the start
 * page as it was asked for (`/`), which may redirect (an Antora site's `/` → `/rubocop/1.72/index.html`),
 * and would count as a page of its own ("on 31 pages" of 30).
 */
export function requestSources(pages: readonly { url: string; final_url: string; requests: readonly RequestRecord[] }[], loads: readonly { url: string; requests: readonly RequestRecord[] }[]): RequestSource[] {
  const finalOf = new Map(pages.map((p) => [p.url, p.final_url || p.url]));
  return [...pages.map((p) => ({ url: p.final_url || p.url, requests: p.requests })), ...loads.map((l) => ({ url: finalOf.get(l.url) ?? l.url, requests: l.requests }))];
}

const pagesText = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

export function refusedRequestsNote(sources: Iterable<RequestSource>, allowlistOnly: boolean): string | null {
  const hitPages = new Set<string>();
  const scriptPages = new Set<string>();
  const hitVendors = new Set<string>();
  const scriptVendors = new Set<string>();
  const measurementPolicies = new Set<Policy>();
  const kinds = new Map<Kind, { hosts: Map<string, number>; pages: Set<string> }>();
  const otherPolicies = new Set<Policy>();
  const reportedPages = new Set<string>();
  for (const { url, requests, public: isPublic } of sources) {
    // A file the page asked for as a stylesheet, font… that a script then read again (axe reads
    // cross-origin stylesheets with XHR) is one part of the page, counted under its own kind.
    const typed = new Set(requests.filter((r) => KIND_OF[r.resource_type]).map((r) => r.url));
    for (const r of requests) {
      if (r.is_navigation || !refusedByGuard(r)) continue;
      const policy = policyOf(r, allowlistOnly);
      const found = parseHits(r.url, r.post_data);
      if (found.length) {
        hitPages.add(url);
        measurementPolicies.add(policy);
        for (const h of found) hitVendors.add(vendorById(h.vendor)?.name ?? h.vendor);
        continue;
      }
      const tag = matchScript(r.url);
      if (tag) {
        scriptPages.add(url);
        measurementPolicies.add(policy);
        scriptVendors.add(tag.name);
        continue;
      }
      // The site's own finding already (security.private_address_request): named, not counted twice.
      if (policy === 'private' && isPublic) {
        reportedPages.add(url);
        continue;
      }
      const kind = KIND_OF[r.resource_type] ?? 'other requests';
      if (kind === 'other requests' && typed.has(r.url)) continue;
      const entry = kinds.get(kind) ?? { hosts: new Map(), pages: new Set() };
      const host = hostOf(r.url);
      entry.hosts.set(host, (entry.hosts.get(host) ?? 0) + 1);
      entry.pages.add(url);
      kinds.set(kind, entry);
      otherPolicies.add(policy);
    }
  }
  const parts: string[] = [];
  if (hitPages.size || scriptPages.size) {
    const why = whyOf(measurementPolicies);
    const measured: string[] = [];
    if (hitPages.size) measured.push(`Analytics hits (${list(hitVendors)}) on ${pagesText(hitPages.size)} were refused by the audit's URL guard, because ${why}: the tags count as firing, but that their hits are delivered was not verified`);
    if (scriptPages.size) measured.push(`${hitPages.size ? 'tag' : 'Tag'} scripts (${list(scriptVendors)}) on ${pagesText(scriptPages.size)} were refused ${hitPages.size ? 'too' : `by the audit's URL guard, because ${why}`}: whether those tags run was not verified, and no check counts it against the site`);
    parts.push(`${measured.join('; ')}.`);
  }
  if (kinds.size) {
    const groups = KINDS.filter((k) => kinds.has(k)).map((k) => `${k} from ${hostsText(kinds.get(k)!.hosts)} on ${pagesText(kinds.get(k)!.pages.size)}`);
    const lead = parts.length ? 'Other requests of the pages were refused too' : "Requests of the pages were refused by the audit's URL guard";
    parts.push(
      `${lead}, because ${whyOf(otherPolicies)}: ${groups.join('; ')}. ` +
        "They were not loaded, so the layout, contrast and timing measured may differ from a visitor's, and no check counts them against the site.",
    );
  }
  if (reportedPages.size) {
    parts.push(`Requests from ${pagesText(reportedPages.size)} served from public addresses to private addresses were refused too: the finding security.private_address_request reports them.`);
  }
  return parts.length ? parts.join(' ') : null;
}

/**
 * The report's word on an audit machine without internet access (src/evidence/offline.ts): which public
 * hosts were not reached, and that nothing they serve was judged. Null when the run reached the internet.
 */
export function offlineNote(sources: readonly RequestSource[]): string | null {
  const witness = offlineWitness(sources.map((s) => ({ url: s.url, final_url: s.url, status: null, requests: s.requests })));
  if (!witness) return null;
  const hosts = new Map<string, number>();
  const pages = new Set<string>();
  let requests = 0;
  for (const { url, requests: records } of sources) {
    for (const r of records) {
      if (r.is_navigation || !unreachedOffline(r, recordedReason(r), witness)) continue;
      const host = hostOf(r.url);
      hosts.set(host, (hosts.get(host) ?? 0) + 1);
      pages.add(url);
      requests++;
    }
  }
  return (
    `The audit's machine has no internet access: ${witness}, which is always up, could not be reached, and no public host answered. ` +
    `${requests} request${requests === 1 ? '' : 's'} to ${hosts.size} public host${hosts.size === 1 ? '' : 's'} (${hostsText(hosts)}) on ${pagesText(pages.size)} were not loaded: ` +
    "what they serve was not verified, the layout, contrast and timing measured may differ from a visitor's, and no check counts them against the site."
  );
}
