// The page URLs the fetched sitemaps list (<url><loc>), read leniently so a sitemap with an XML
// error elsewhere still yields its entries (src/evidence/sitemap-locs.ts).
import { sitemapLocs } from '../../../evidence/sitemap-locs.js';
import type { FetchedResource } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';

export function sitemapPageUrls(sitemaps: readonly FetchedResource[]): string[] {
  const out = new Set<string>();
  for (const s of sitemaps) {
    if (s.status !== 200 || !s.body) continue;
    for (const raw of sitemapLocs(s.body)) {
      try {
        out.add(normalizeUrl(new URL(raw).href));
      } catch {
        /* not an absolute URL: seo.sitemap_invalid's concern */
      }
    }
  }
  return [...out];
}
