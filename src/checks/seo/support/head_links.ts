// Which canonical and hreflang <link> elements sit in the document's <head>. Google reads them only
// there: a <link> in <body> (written there, or pushed there when an invalid element such as a <div>
// or an <img> ends the head early) is ignored. Read from the stored HTML snapshot; without one, every
// recorded link counts.
import type { PageEvidence } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" };

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    out[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? '').replace(/&(amp|quot|lt|gt|#39);/g, (e) => ENTITIES[e]!);
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
