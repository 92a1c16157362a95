// Reading a fetched sitemap: is it a sitemap at all, and is its XML well-formed with a sitemap root.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FetchedResource } from '../../../evidence/types.js';
import { isHtmlBody } from '../../../evidence/html-body.js';
import { sitemapIndexLocs, sitemapLocs } from '../../../evidence/sitemap-locs.js';

export type SitemapVerdict =
  | { ok: true; root: 'urlset' | 'sitemapindex' | 'text' }
  | { ok: false; problem: 'html' | 'xml_error' | 'wrong_root' | 'empty' | 'relative_urls'; detail: string; line?: number }
  | { ok: null; reason: string };

/** Gzip or cut-off bodies cannot be judged from what was stored. */
function unjudgeable(s: FetchedResource): string | null {
  if (s.truncated) return 'the body was cut at the capture limit';
  if (/\.gz($|\?)/i.test(s.url) || /gzip/i.test(s.content_type ?? '')) return 'compressed sitemaps are not inspected';
  return null;
}

/** A 200 sitemap body judged by the sitemaps.org protocol (XML urlset/sitemapindex, or a plain-text URL list). */
export function judgeSitemap(s: FetchedResource): SitemapVerdict {
  const skip = unjudgeable(s);
  if (skip) return { ok: null, reason: skip };
  const body = (s.body ?? '').replace(/^\uFEFF/, '');
  if (!body.trim()) return { ok: false, problem: 'empty', detail: 'the sitemap body is empty' };
  if (isHtmlBody(s)) return { ok: false, problem: 'html', detail: 'the URL answers with an HTML page, not a sitemap' };
  // sitemaps.org also allows a UTF-8 text file with one absolute URL per line.
  const lines = body.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (!body.trimStart().startsWith('<') && lines.every((l) => /^https?:\/\/\S+$/i.test(l))) return { ok: true, root: 'text' };
  const valid = XMLValidator.validate(body);
  if (valid !== true) return { ok: false, problem: 'xml_error', detail: valid.err.msg, line: valid.err.line };
  const doc = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true }).parse(body) as Record<string, unknown>;
  const root = Object.keys(doc).find((k) => !k.startsWith('?'));
  if (root === 'urlset' || root === 'sitemapindex') {
    // sitemaps.org: every <loc> is a full URL, protocol and host included; search engines drop the rest
    // (Hugo with a relative baseURL writes "/project/docs/").
    const locs = root === 'urlset' ? sitemapLocs(body) : sitemapIndexLocs(body);
    const relative = locs.filter((l) => !/^https?:\/\/[^/\s]+/i.test(l));
    if (relative.length) {
      return { ok: false, problem: 'relative_urls', detail: `${relative.length} of ${locs.length} <loc> entries are not absolute URLs (e.g. “${relative[0]!.slice(0, 80)}”); the protocol requires the full URL, with scheme and host` };
    }
    return { ok: true, root };
  }
  return { ok: false, problem: 'wrong_root', detail: `root element is <${root ?? 'none'}>, expected <urlset> or <sitemapindex>` };
}

/**
 * The language versions a site declares in its sitemaps (sitemaps.org `<url>` with Google's
 * `<xhtml:link rel="alternate" hreflang="…" href="…">`): one list of URLs per `<url>` that names
 * alternates, its `<loc>` first. Google takes these as it takes hreflang links in the pages.
 */
/** Read once per bundle's sitemaps: both duplicate checks ask, and a 5,000-entry sitemap takes a while to parse. */
const read = new WeakMap<readonly FetchedResource[], string[][]>();

export function sitemapLanguageVersions(sitemaps: readonly FetchedResource[] | undefined): string[][] {
  if (!sitemaps) return [];
  const known = read.get(sitemaps);
  if (known) return known;
  const out: string[][] = [];
  read.set(sitemaps, out);
  for (const s of sitemaps) {
    if (s.status !== 200 || !s.body || unjudgeable(s) || !/hreflang/i.test(s.body)) continue;
    let doc: { urlset?: { url?: { loc?: unknown; link?: { rel?: string; hreflang?: string; href?: string }[] }[] } };
    try {
      doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => name === 'url' || name === 'link' }).parse(s.body.replace(/^\uFEFF/, ''));
    } catch {
      continue; // seo.sitemap_invalid's to report
    }
    for (const entry of doc.urlset?.url ?? []) {
      const loc = typeof entry.loc === 'string' ? entry.loc.trim() : null;
      // x-default names the fallback for unmatched languages (often the home page), not a language version.
      const alternates = (entry.link ?? []).filter((l) => (l.rel ?? '').toLowerCase() === 'alternate' && l.hreflang && l.hreflang.toLowerCase() !== 'x-default' && l.href).map((l) => l.href!.trim());
      if (loc && alternates.length) out.push([loc, ...alternates.filter((a) => a !== loc)]);
    }
  }
  return out;
}
