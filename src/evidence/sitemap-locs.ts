// The page addresses a sitemap body lists (`<url><loc>`), read leniently: namespace prefixes, CDATA and
// XML entities, and a sitemap with an XML error elsewhere still yields its entries. Child sitemaps of an
// index (`<sitemap><loc>`) are not pages and are not listed. One reading for capture, copies and checks.
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

export function sitemapLocs(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/<(?:\w+:)?url>[\s\S]*?<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/gi)) {
    out.push(m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!));
  }
  return out;
}
