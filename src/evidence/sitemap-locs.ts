// The page addresses a sitemap body lists (`<url><loc>`), read leniently: namespace prefixes, CDATA and
// XML entities, and a sitemap with an XML error elsewhere still yields its entries. Child sitemaps of an
// index (`<sitemap><loc>`) are not pages: `sitemapIndexLocs` lists them. One reading for capture, copies
// and checks.
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The child sitemaps a sitemap index names (`<sitemap><loc>`), read as leniently. */
export function sitemapIndexLocs(body: string): string[] {
  if (!/<(?:\w+:)?sitemapindex[\s>]/i.test(body)) return [];
  return locsIn(body, /<(?:\w+:)?sitemap>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi);
}

export function sitemapLocs(body: string): string[] {
  return locsIn(body, /<(?:\w+:)?url>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi);
}

function locsIn(body: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(pattern)) {
    out.push(m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!));
  }
  return out;
}
