// Which canonical and hreflang <link> elements sit in the document's <head>. Google reads them only
// there: a <link> in <body> (written there, or pushed there when an invalid element such as a <div>
// or an <img> ends the head early) is ignored. Read from the stored HTML snapshot; without one, every
// recorded link counts.
import { decodeHtmlEntities } from '../../../evidence/html-entities.js';
import type { PageEvidence } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';


function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    out[m[1]!.toLowerCase()] = decodeHtmlEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

export interface HeadLinks {
  canonical: Set<string>;
  /** `<hreflang value>\u0000<resolved href>` */
  hreflang: Set<string>;
}

/** The head's canonical and hreflang links, or null when the snapshot cannot tell (none, or cut before <body>). */
export function headLinks(page: PageEvidence): HeadLinks | null {
  const html = page.html?.content;
  if (!html) return null;
  const bodyAt = html.search(/<body[\s>]/i);
  if (bodyAt < 0) return null;
  const head = html.slice(0, bodyAt);
  const tags = [...head.matchAll(/<(link|base)\b[^>]*>/gi)].map((m) => ({ name: m[1]!.toLowerCase(), attrs: attributes(m[0]) }));
  const baseHref = tags.find((t) => t.name === 'base' && t.attrs.href)?.attrs.href;
  const base = baseHref ? normalizeUrl(baseHref, page.final_url) : page.final_url;
  const links: HeadLinks = { canonical: new Set(), hreflang: new Set() };
  for (const { name, attrs } of tags) {
    if (name !== 'link') continue;
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const href = normalizeUrl(attrs.href ?? '', base);
    if (rel.includes('canonical')) links.canonical.add(href);
    if (rel.includes('alternate') && attrs.hreflang !== undefined) links.hreflang.add(`${attrs.hreflang}\u0000${href}`);
  }
  return links;
}

/** The page's hreflang annotations that Google reads (those in <head>). */
export function hreflangOf(page: PageEvidence): { lang: string; href: string }[] {
  const all = page.dom?.hreflang ?? [];
  const head = headLinks(page);
  if (!head) return all;
  return all.filter((h) => head.hreflang.has(`${h.lang}\u0000${normalizeUrl(h.href, page.final_url)}`));
}

/**
 * The links an HTTP `Link` header carries (RFC 8288: `<url>; rel="canonical", <url>; rel="alternate";
 * hreflang="de"`, several headers joined): each target as written, its rel values and its hreflang.
 */
export function linkHeader(header: string | undefined): { url: string; rel: string[]; hreflang: string | null }[] {
  if (!header) return [];
  return [...header.matchAll(/<([^>]*)>([^<]*)/g)].map((m) => {
    const params = m[2]!;
    const rel = /\brel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const lang = /\bhreflang\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    return { url: m[1]!, rel: (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean), hreflang: lang ? (lang[1] ?? lang[2] ?? null) : null };
  });
}

/** The hreflang alternates an HTTP `Link` header declares (`<url>; rel="alternate"; hreflang="de"`), `x-default` aside. */
export function headerAlternates(header: string | undefined): string[] {
  return linkHeader(header).filter((l) => l.rel.includes('alternate') && l.hreflang && l.hreflang.toLowerCase() !== 'x-default').map((l) => l.url);
}
