// Works: a visited page answered with a server error (5xx), or the start page with any 4xx/5xx.
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { pathOf } from '../../evidence/views.js';
import { listed } from './support/lists.js';
import { isBrokenLinkPage, isProxyAnswer, isPushedRoute } from './support/broken_link_page.js';
import { notFoundPhrase } from './support/not_found_text.js';

export const meta: CheckMeta = {
  id: 'http.error_status',
  section: 'works',
  severity: 'critical',
  title: 'Page answers with an error status',
  impact: 'Visitors and search engines that follow a link to this page get an error instead of content.',
  docs: '/docs/checks/http.error_status',
  requires: ['pages', 'headers'],
  optional: ['dom'],
  thresholds: { client_error_severity: 'warning', server_error_severity: 'critical', client_error_known_only_from_the_sitemap: 'info', app_routes_not_served: 'one warning for all' },
};

type Page = Parameters<Check['run']>[0]['pages'][number];

/** Does the error answer show the app's view anyway (a host serving the app's index as its 404 page)? */
function showsTheApp(page: Page): boolean {
  const h1 = page.dom?.headings.find((h) => h.level === 1)?.text ?? null;
  return Boolean(page.title || h1) && !notFoundPhrase(page.title) && !(h1 && notFoundPhrase(h1));
}

/**
 * Routes a single-page app pushed when its controls were clicked, answering 4xx when opened directly: the
 * host has no fallback to the app (GitHub Pages, a bucket, a server without `try_files`), so a reload, a
 * bookmark or a shared link of any of them fails. One cause, one finding.
 */
function unservedRoutes(routes: Page[]): FindingDraft[] {
  if (!routes.length) return [];
  const read = routes.map((p) => ({
    path: pathOf(p.url),
    status: p.status,
    reached_by: [p.reached_by!.from, ...p.reached_by!.clicks.map((c) => `“${c}”`)].join(' → '),
    error_page_shows_the_app: showsTheApp(p),
  }));
  const n = routes.length;
  const said = `${n} app route${n === 1 ? '' : 's'} answer${n === 1 ? 's' : ''} ${[...new Set(read.map((r) => r.status))].join('/')} when opened directly`;
  return [{
    page: routes[0]!.reached_by!.from,
    severity: 'warning',
    subject: 'app_routes_not_served',
    title: read.every((r) => r.error_page_shows_the_app)
      ? `${said}, though the host's error page shows the app: search engines and link checkers see an error`
      : `${said}: a reload, a bookmark or a shared link shows an error page`,
    evidence: { ...listed('routes', read), start: routes[0]!.reached_by!.from },
  }];
}

export function run(evidence: Parameters<Check['run']>[0]): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  const routes: Page[] = [];
  for (const page of evidence.pages) {
    if (page.status === null || page.status < 400) continue;
    // Answers made by our own guard proxy (a refused host, an unreachable upstream) are not the site's
    // status: the first is our policy, the second is reported by http.navigation_error.
    if (isProxyAnswer(page)) continue;
    // A 4xx reached through an internal link is a broken link: links.broken_internal reports it once.
    if (isBrokenLinkPage(page)) continue;
    if (isPushedRoute(page) && page.status < 500) {
      routes.push(page);
      continue;
    }
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
  return [...drafts, ...unservedRoutes(routes)];
}

export const check: Check = { meta, run };
