// Which crawled pages are broken *links* rather than failing pages: the split between
// http.error_status and links.broken_internal, kept in one place so no URL is counted twice.
import type { PageEvidence } from '../../../evidence/types.js';

/** Answers made by our own guard proxy, not by the site. */
export function isProxyAnswer(page: PageEvidence): boolean {
  return Boolean(page.headers['x-siteqa-blocked'] || page.headers['x-siteqa-upstream-error']);
}

/**
 * A page the crawler reached by following an internal link that answered a client error (4xx): the
 * link is what is wrong, so links.broken_internal reports it. Server errors (5xx), the start page and
 * pages known only from the sitemap stay with http.error_status.
 */
export function isBrokenLinkPage(page: PageEvidence): boolean {
  return (
    page.status !== null && page.status >= 400 && page.status < 500 &&
    page.depth > 0 && page.region !== 'sitemap' && page.found_on !== null && !isProxyAnswer(page)
  );
}
