// Compliant: a public page makes the visitor's browser request a private, loopback or local address
// (a leftover http://localhost:3000 asset, an intranet image): the audit's URL guard refused it and says why.
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
import { hostnameOf } from '../http/support/net_errors.js';
import { guardReasonFor, reasonOf } from '../http/support/outcome.js';

export const meta: CheckMeta = {
  id: 'security.private_address_request',
  section: 'compliant',
  severity: 'warning',
  title: 'Public page requests a private network address',
  impact: "Each visitor's browser is sent into their own network (router, localhost); browsers block it, and it exposes internal host names.",
  docs: '/docs/checks/security.private_address_request',
  requires: ['requests'],
  optional: ['pages'],
  thresholds: { anchor: 'WICG Private Network Access', counts_on_private_pages: false, page_address: "recorded by capture (host_address); unrecorded pages are not judged" },
};

/**
 * A page served from a private, loopback or local address is an intranet page: its private requests are
 * normal. Capture records where each page's host lies (`host_address`, the guard's classification of its
 * addresses); a page without that record (older evidence, a host that did not resolve) is not judged.
 */
function isPublicPage(page: PageEvidence): boolean {
  return page.host_address === 'public';
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const found: { host: string; url: string; type: string; reason: string; page: string }[] = [];
  for (const page of views.loadedPages) {
    if (!isPublicPage(page)) continue;
    for (const r of views.subresources(page)) {
      if (reasonOf(r, evidence.blocked) !== 'guard_private') continue;
      found.push({ host: hostnameOf(r.url), url: r.url, type: r.resource_type, reason: r.guard_reason ?? guardReasonFor(r.url, evidence.blocked) ?? '', page: page.final_url });
    }
  }
  return [...groupBy(found, (f) => f.host).entries()].map(([host, group]) => {
    const pages = unique(group.map((f) => f.page));
    const resources = [...groupBy(group, (f) => f.url).values()].map((g) => ({ url: g[0]!.url, type: g[0]!.type, ...listed('pages', unique(g.map((f) => f.page)), 5) }));
    return {
      page: pages.length === 1 ? pages[0] : undefined,
      title: `Public pages request ${host}, a private network address`,
      evidence: { host, reason: group[0]!.reason, ...listed('resources', resources), ...listed('pages', pages) },
    };
  });
}

export const check: Check = { meta, run };
