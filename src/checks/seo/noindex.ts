// Found: a public page tells search engines not to index it (meta robots or X-Robots-Tag).
import type { EvidenceBundle } from '../../evidence/types.js';
import { normalizeUrl } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { htmlPages, noindexOf } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.noindex',
  section: 'found',
  severity: 'critical',
  title: 'Page is marked noindex',
  impact: 'A noindex page never appears in search results; on the home page it usually means a staging setting went live.',
  docs: '/docs/checks/seo.noindex',
  requires: ['dom', 'headers'],
    optional: ['sitemaps'],
  thresholds: { start_page: 'critical', other_pages: 'warning', utility_pages_not_in_sitemap: 'info' },
};

// Pages sites keep out of search on purpose: account and checkout steps, internal search, legal
// boilerplate, archives and pagination, print and preview views; as a folder or a file (`print.html`,
// mdBook's whole book on one page; `_print/`, Hugo Docsy's section printout).
const UTILITY_PATH =
  /(^|\/)_?(search|log-?in|sign-?in|sign-?up|register|account|my-account|profile|cart|basket|checkout|thank-?you|thanks|privacy(-policy)?|terms|legal|imprint|impressum|cookies?(-policy)?|disclaimer|sitemap|site-?map|tags?|author|feed|admin|wp-admin|preview|print|page\/\d+|cdn-cgi)(\.(?:html?|php|aspx?|jsp))?(\/|$)/i;
const UTILITY_QUERY = /[?&](s|q|query|search|page|p|sort|filter)=/i;

function isUtility(url: string): boolean {
  try {
    const u = new URL(url);
    return UTILITY_PATH.test(u.pathname) || UTILITY_QUERY.test(u.search);
  } catch {
    return false;
  }
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const inSitemap = new Set(evidence.site.sitemap_url_checks.map((c) => normalizeUrl(c.url)));
  const bySeverity: Record<Severity, { url: string; source: string; value: string }[]> = { critical: [], warning: [], info: [] };
  for (const page of htmlPages(evidence)) {
    const noindex = noindexOf(page);
    if (!noindex) continue;
    // The start page is the site's front door. A page the site links to or lists in its sitemap is
    // meant to be found; utility pages (search, log-in, legal, pagination) are often noindex on
    // purpose, unless the sitemap lists them, which contradicts the noindex.
    const listed = page.region === 'sitemap' || inSitemap.has(normalizeUrl(page.url)) || inSitemap.has(normalizeUrl(page.final_url));
    // A utility page's language version is one whatever its own address says (an Arabic terms page
    // whose hreflang twin is /footer/imprint.html).
    const utility = isUtility(page.final_url) || (page.dom?.hreflang ?? []).some((h) => isUtility(h.href));
    const severity: Severity = page.depth === 0 ? 'critical' : !listed && utility ? 'info' : 'warning';
    bySeverity[severity].push({ url: page.final_url, source: noindex.source, value: noindex.value });
  }
  return [
    ...siteFinding(bySeverity.critical, () => 'The start page is marked noindex', {}, 'critical'),
    ...siteFinding(bySeverity.warning, (n) => `${pagesWord(n)} linked from the site ${n === 1 ? 'is' : 'are'} marked noindex`, {}, 'warning'),
    ...siteFinding(bySeverity.info, (n) => `${pagesWord(n)} of a utility kind (search, account, legal, print view) marked noindex`, {}, 'info'),
  ];
}

export const check: Check = { meta, run };
