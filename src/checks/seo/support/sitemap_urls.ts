// The page URLs the fetched sitemaps list, normalized and each once: the same reading capture seeds the
// crawl with (src/evidence/sitemap-locs.ts).
import { sitemapPageAddresses } from '../../../evidence/sitemap-locs.js';
import type { FetchedResource } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';

export function sitemapPageUrls(sitemaps: readonly FetchedResource[]): string[] {
  return [...new Set(sitemaps.flatMap(sitemapPageAddresses).map((u) => normalizeUrl(u)))];
}
