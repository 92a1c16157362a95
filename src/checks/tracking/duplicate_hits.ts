// Measured: the same page-view hit (vendor, property, page) is sent twice in one page view.
import type { RequestRecord } from '../../evidence/types.js';
import { keyOf, vendorById } from '../../evidence/vendors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { consentContext } from './consent-context.js';
import { capped, isHtmlPage, observe, observePage, shortUrl, type Observation } from './observations.js';

export const meta: CheckMeta = {
  id: 'tracking.duplicate_hits',
  section: 'measured',
  severity: 'warning',
  title: 'Page view sent twice (double tagging)',
  impact: 'Doubled page views inflate traffic, distort bounce rate and session metrics, and make every report wrong.',
  docs: '/docs/checks/tracking.duplicate_hits',
  requires: ['pages', 'requests', 'headers', 'globals', 'cookies'],
    optional: ['dom', 'consent'],
  thresholds: { max_identical_pageviews_per_load: 1 },
};

/**
 * The accept load holds the clicks' aftermath and a reload; only the last page view is one clean load.
 * It starts when the reloaded document has arrived, not when the reload was asked for: tags flush their
 * queued hits with sendBeacon on `pagehide`, so the previous document's page view can leave after the
 * reload started (on a busy machine, often) and is not the new page's second one.
 */
function lastPageView(requests: RequestRecord[]): RequestRecord[] {
  const nav = requests.filter((r) => r.is_navigation && r.resource_type === 'document');
  const last = nav[nav.length - 1];
  if (!last) return [];
  const arrived = last.start_ms + (last.duration_ms ?? 0);
  return requests.filter((r) => r === last || r.start_ms >= arrived);
}

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const loads: { page: string; after_accept: boolean; o: Observation }[] = views.loadedPages
    .filter((p) => isHtmlPage(p, views.isFirstParty))
    .map((p) => ({ page: p.url, after_accept: false, o: observePage(p, views.isFirstParty) }));
  const ctx = consentContext(evidence);
  if (ctx.accept && ctx.accepted) {
    const reqs = lastPageView(ctx.accept.requests);
    const o = observe(ctx.accept.url, 'accept', reqs, [], [], { isFirstParty: views.isFirstParty });
    if (reqs.length) loads.push({ page: ctx.accept.url, after_accept: true, o });
  }

  type Seen = { page: string; after_accept: boolean; count: number; location: string | null; hits: string[] };
  const found = new Map<string, { vendor: string; id: string | null; event: string | null; pages: Seen[] }>();
  for (const { page, after_accept, o } of loads) {
    for (const s of o.vendors.values()) {
      const counts = new Map<string, typeof s.hits>();
      // Only delivered page views: a failed hit that the tag retried is one page view, not two.
      for (const h of s.hits.filter((x) => x.pageview && x.delivered)) counts.set(keyOf(h), [...(counts.get(keyOf(h)) ?? []), h]);
      for (const hits of counts.values()) {
        if (hits.length <= 1) continue;
        const h = hits[0]!;
        const group = `${h.vendor}|${h.id ?? ''}`;
        const entry = found.get(group) ?? { vendor: h.vendor, id: h.id, event: h.event, pages: [] };
        entry.pages.push({ page, after_accept, count: hits.length, location: h.location, hits: hits.slice(0, 3).map((x) => shortUrl(x.url)) });
        found.set(group, entry);
      }
    }
  }

  return [...found.values()].map((e) => {
    const pages = capped(e.pages);
    const name = vendorById(e.vendor)?.name ?? e.vendor;
    const only = e.pages.length === 1 ? e.pages[0]! : null;
    return {
      page: only && !only.after_accept ? only.page : undefined,
      title: `${name} ${e.event ?? 'page view'} sent ${Math.max(...e.pages.map((p) => p.count))}× per page view${e.id ? ` (${e.id})` : ''}`,
      evidence: { vendor: e.vendor, id: e.id, event: e.event, pages: pages.items, more_pages: pages.more },
    };
  });
}

export const check: Check = { meta, run };
