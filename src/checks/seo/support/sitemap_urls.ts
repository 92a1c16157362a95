// The page URLs the fetched sitemaps list (<url><loc>), read leniently so a sitemap with an XML
// error elsewhere still yields its entries.
import type { FetchedResource } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

export function sitemapPageUrls(sitemaps: readonly FetchedResource[]): string[] {
  const out = new Set<string>();
  for (const s of sitemaps) {
    if (s.status !== 200 || !s.body) continue;
    for (const m of s.body.matchAll(/<(?:\w+:)?url>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi)) {
      const raw = m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
      try {
        out.add(normalizeUrl(new URL(raw).href));
      } catch {
        /* not an absolute URL: seo.sitemap_invalid's concern */
      }
    }
  }
  return [...out];
}
