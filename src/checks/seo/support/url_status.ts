// What the run learned about a URL's answer, from crawled pages and from link or sitemap checks.
import type { EvidenceBundle } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';

export interface KnownStatus {
  /** Status of the final answer, null when the request failed. */
  status: number | null;
  /** Where the URL ended up after redirects. */
  final_url: string | null;
  redirected: boolean;
  error: string | null;
  source: 'crawl' | 'link_check' | 'sitemap_check' | 'canonical_check';
}

/** The recorded answer for `url`, or null when the run never requested it. */
export function knownStatus(evidence: EvidenceBundle, url: string): KnownStatus | null {
  const key = normalizeUrl(url);
  for (const p of evidence.pages) {
    if (normalizeUrl(p.url) === key) {
      const redirected = normalizeUrl(p.final_url) !== key;
      return { status: p.status, final_url: p.final_url, redirected, error: p.navigation_error, source: 'crawl' };
    }
    // Reached as the end of someone else's redirect: it answered itself.
    if (normalizeUrl(p.final_url) === key && p.status !== null) {
      return { status: p.status, final_url: p.final_url, redirected: false, error: null, source: 'crawl' };
    }
  }
  const checks = [
    // A check that did not declare link checks or sitemaps sees them absent.
    ...(evidence.site.link_checks ?? []).map((c) => ({ c, source: 'link_check' as const })),
    ...(evidence.site.sitemap_url_checks ?? []).map((c) => ({ c, source: 'sitemap_check' as const })),
    ...(evidence.site.canonical_checks ?? []).map((c) => ({ c, source: 'canonical_check' as const })),
  ];
  for (const { c, source } of checks) {
    if (normalizeUrl(c.url) !== key) continue;
    const redirected = c.final_url !== null && normalizeUrl(c.final_url) !== key;
    return { status: c.status, final_url: c.final_url, redirected, error: c.error, source };
  }
  return null;
}
