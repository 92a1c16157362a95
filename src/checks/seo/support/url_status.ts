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

/** Per bundle (each check's cut of it), every URL the run learned an answer for: built once, not per lookup. */
const indexes = new WeakMap<EvidenceBundle, Map<string, KnownStatus>>();

function indexOf(evidence: EvidenceBundle): Map<string, KnownStatus> {
  const known = indexes.get(evidence);
  if (known) return known;
  const index = new Map<string, KnownStatus>();
  const put = (key: string, status: KnownStatus) => {
    if (!index.has(key)) index.set(key, status);
  };
  for (const p of evidence.pages) {
    const key = normalizeUrl(p.url);
    const final = normalizeUrl(p.final_url);
    put(key, { status: p.status, final_url: p.final_url, redirected: final !== key, error: p.navigation_error, source: 'crawl' });
    // Reached as the end of someone else's redirect: it answered itself.
    if (p.status !== null) put(final, { status: p.status, final_url: p.final_url, redirected: false, error: null, source: 'crawl' });
  }
  const checks = [
    // A check that did not declare link checks or sitemaps sees them absent.
    ...(evidence.site.link_checks ?? []).map((c) => ({ c, source: 'link_check' as const })),
    ...(evidence.site.sitemap_url_checks ?? []).map((c) => ({ c, source: 'sitemap_check' as const })),
    ...(evidence.site.canonical_checks ?? []).map((c) => ({ c, source: 'canonical_check' as const })),
  ];
  for (const { c, source } of checks) {
    const key = normalizeUrl(c.url);
    put(key, { status: c.status, final_url: c.final_url, redirected: c.final_url !== null && normalizeUrl(c.final_url) !== key, error: c.error, source });
  }
  indexes.set(evidence, index);
  return index;
}

/** The recorded answer for `url`, or null when the run never requested it. */
export function knownStatus(evidence: EvidenceBundle, url: string): KnownStatus | null {
  return indexOf(evidence).get(normalizeUrl(url)) ?? null;
}
