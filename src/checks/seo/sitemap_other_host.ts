// Found: a sitemap lists page URLs on a host other than the site's (the apex instead of www, a staging
// or build host, localhost): search engines ignore such entries, and the site's own pages are missing.
import { copyHostKind, copyOf } from '../../evidence/copy-host.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import { declaredHosts, hostOf, type EvidenceViews } from '../../evidence/views.js';
import { groupBy, listed } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { sitemapPageUrls } from './support/sitemap_urls.js';

export const meta: CheckMeta = {
  id: 'seo.sitemap_other_host',
  section: 'found',
  severity: 'warning',
  title: 'Sitemap lists URLs on another host',
  impact: 'Search engines accept a sitemap entry only on the host the sitemap is for: entries on another host (the bare domain instead of www, a staging or build host) are ignored, so the pages they stand for are not submitted.',
  docs: '/docs/checks/seo.sitemap_other_host',
  requires: ['sitemaps'],
  optional: ['dom'],
  thresholds: { host: 'name and non-default port; www. and the bare domain are different hosts (sitemaps.org)', scheme_only: 'not counted (seo.sitemap_bad_urls: redirect)' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  // Hosts compare by name and non-default port (hostOf): the scheme alone differing (`http://` entries
  // on an https site) is not another host; those entries redirect, which seo.sitemap_bad_urls reports.
  // The site's host as the crawl settled on it (the start page's final URL).
  const site = hostOf(views.origin);
  if (!site) return [];
  const entries = evidence.site.sitemaps.flatMap((s) => sitemapPageUrls([s]).map((url) => ({ url, sitemap: s.url })));
  if (!entries.length) return [];
  const elsewhere = entries.filter((e) => hostOf(e.url) !== site);
  if (!elsewhere.length) return [];
  const hosts = [...groupBy(elsewhere, (e) => hostOf(e.url)).entries()].map(([host, list]) => ({
    host,
    entries: list.length,
    examples: list.slice(0, 3).map((e) => e.url),
    sitemaps: [...new Set(list.map((e) => e.sitemap))],
  }));
  const named = hosts.slice(0, 2).map((h) => h.host).join(', ') + (hosts.length > 2 ? ', …' : '');
  // A copy of the site audited away from its address (a deploy preview, staging, a local copy) lists
  // its production host in the sitemap, as its pages' canonical URLs do: the sitemap agrees with the
  // site's own declared address, and the canonical is seo.canonical_host_mismatch's to judge.
  // The same when the host audited is itself a copy (local, a platform preview, staging) and the
  // sitemap names a production host: not another copy, not a placeholder no site is served at.
  const declared = declaredHosts(views.loadedPages);
  const byPages = hosts.every((h) => declared.has(h.host));
  const agrees = byPages || hosts.every((h) => declared.has(h.host) || copyOf(site, h.host) !== null);
  return [{
    ...(agrees ? { severity: 'info' as const } : {}),
    title: byPages
      ? `Sitemap lists the site at its declared address (${named}), not at the host audited (${site})`
      : agrees
        ? `Sitemap lists the production address (${named}), not the copy audited (${site})`
        : `Sitemap lists ${elsewhere.length} of ${entries.length} URLs on another host (${named})`,
    evidence: { site_host: site, listed: entries.length, elsewhere: elsewhere.length, declared_by_pages: byPages, audited_host_is_copy: copyHostKind(site) !== null, ...listed('hosts', hosts) },
  }];
}

export const check: Check = { meta, run };
