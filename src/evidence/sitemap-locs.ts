// The page addresses a sitemap body lists (`<url><loc>`, or a plain-text sitemap's lines), read leniently: namespace prefixes, CDATA and
// XML entities, and a sitemap with an XML error elsewhere still yields its entries. Child sitemaps of an
// index (`<sitemap><loc>`) are not pages: `sitemapIndexLocs` lists them. One reading for capture, copies
// and checks.
import { decodeHtmlEntities } from './html-entities.js';
import type { FetchedResource } from './types.js';


/** The child sitemaps a sitemap index names (`<sitemap><loc>`), read as leniently. */
export function sitemapIndexLocs(body: string): string[] {
  if (!/<(?:\w+:)?sitemapindex[\s>]/i.test(body)) return [];
  return locsIn(body, /<(?:\w+:)?sitemap>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi);
}

/**
 * The pages a sitemap lists: `<url><loc>` of an XML urlset, or the lines of a plain-text sitemap
 * (sitemaps.org: one absolute URL per line, UTF-8; `sitemap.txt`), blank lines aside.
 */
export function sitemapLocs(body: string): string[] {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (text && !text.startsWith('<')) {
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
    return lines.length && lines.every((l) => /^https?:\/\/\S+$/i.test(l)) ? lines : [];
  }
  return locsIn(body, /<(?:\w+:)?url>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi);
}

function locsIn(body: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(pattern)) {
    out.push(decodeHtmlEntities(m[1]!));
  }
  return out;
}

/**
 * The pages a fetched sitemap lists, as addresses: a root-relative entry (`/docs/`, Hugo with a relative
 * baseURL) is read against the sitemap's own address — search engines drop it (seo.sitemap_invalid says
 * so), but it still names a page of the site; anything else that is no URL is left out. None unless it
 * answered 200 with a body.
 */
export function sitemapPageAddresses(s: FetchedResource): string[] {
  if (s.status !== 200 || !s.body) return [];
  const out: string[] = [];
  for (const loc of sitemapLocs(s.body)) {
    try {
      out.push(new URL(loc, /^\/(?!\/)/.test(loc) ? s.url : undefined).href);
    } catch {
      /* not an address */
    }
  }
  return out;
}
