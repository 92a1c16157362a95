// Which crawled pages are broken *links* rather than failing pages: the split between
// http.error_status and links.broken_internal, kept in one place so no URL is counted twice.
import type { PageEvidence } from '../../../evidence/types.js';

/** Answers made by our own guard proxy, not by the site. */
export function isProxyAnswer(page: PageEvidence): boolean {
  return Boolean(page.headers['x-siteqa-blocked'] || page.headers['x-siteqa-upstream-error']);
}

/**
 * A route a single-page app pushed to the address bar when a control was clicked, opened directly: no
 * link names it, so a 4xx there is no broken link but the host not serving the app at the address (a
 * reload, a bookmark or a shared link of it fails). http.error_status reports these together.
 */
export function isPushedRoute(page: PageEvidence): boolean {
  return page.region === 'click' && page.reached_by?.route === 'push_state' && !page.reached_by.after_click;
}

/**
 * A page the crawler reached by following an internal link that answered a client error (4xx): the
 * link is what is wrong, so links.broken_internal reports it. Server errors (5xx), the start page,
 * pages known only from the sitemap and routes an app pushed stay with http.error_status.
 */
export function isBrokenLinkPage(page: PageEvidence): boolean {
  return (
    page.status !== null && page.status >= 400 && page.status < 500 &&
    page.depth > 0 && page.region !== 'sitemap' && page.found_on !== null && !isProxyAnswer(page) && !isPushedRoute(page)
  );
}
