// Works: a visited page answered with a server error (5xx), or the start page with any 4xx/5xx.
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isBrokenLinkPage, isProxyAnswer } from './support/broken_link_page.js';

export const meta: CheckMeta = {
  id: 'http.error_status',
  section: 'works',
  severity: 'critical',
  title: 'Page answers with an error status',
  impact: 'Visitors and search engines that follow a link to this page get an error instead of content.',
  docs: '/docs/checks/http.error_status',
  requires: ['pages', 'headers'],
  thresholds: { client_error_severity: 'warning', server_error_severity: 'critical', client_error_known_only_from_the_sitemap: 'info' },
};

export function run(evidence: Parameters<Check['run']>[0]): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const page of evidence.pages) {
    if (page.status === null || page.status < 400) continue;
    // Answers made by our own guard proxy (a refused host, an unreachable upstream) are not the site's
    // status: the first is our policy, the second is reported by http.navigation_error.
    if (isProxyAnswer(page)) continue;
    // A 4xx reached through an internal link is a broken link: links.broken_internal reports it once.
    if (isBrokenLinkPage(page)) continue;
    const server = page.status >= 500;
    // A 4xx known only from the sitemap is a page no link leads to: a sitemap entry that is wrong, which
    // seo.sitemap_bad_urls counts (Found). Noted here, not counted twice.
    const sitemapOnly = !server && page.depth > 0 && page.region === 'sitemap' && page.found_on === null;
    drafts.push({
      page: page.url,
      severity: server ? 'critical' : page.depth === 0 ? 'critical' : sitemapOnly ? 'info' : 'warning',
      title: `${server ? 'Server error' : 'Client error'} ${page.status} on ${new URL(page.final_url).pathname}${sitemapOnly ? ' (listed in the sitemap, linked from no page visited: seo.sitemap_bad_urls counts it)' : ''}`,
      evidence: {
        url: page.url,
        final_url: page.final_url,
        status: page.status,
        found_on: page.found_on,
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
