// Which pages on-page SEO checks judge, and the shared readings of their head (meta, robots, canonical).
import { copiedFrom, copyHostKind } from '../../../evidence/copy-host.js';
import type { DomFacts, EvidenceBundle, PageEvidence } from '../../../evidence/types.js';
import { urlIdentity } from '../../../evidence/url-identity.js';
import { normalizeUrl } from '../../http/support/lists.js';
import { headLinks, linkHeader } from './head_links.js';
import { knownStatus } from './url_status.js';

/** A page whose main document answered 200 with HTML and whose DOM facts were captured. */
export type HtmlPage = PageEvidence & { dom: DomFacts; status: 200 };

function isHtml(page: PageEvidence): boolean {
  const type = (page.headers['content-type'] ?? '').toLowerCase();
  // A missing content-type with a parsed DOM is still an HTML document as far as the browser went.
  return type === '' || type.includes('text/html') || type.includes('application/xhtml+xml');
}

/**
 * 200 HTML pages with DOM facts, one per URL identity (two links that redirect to one page, `/` and
 * `/index.html`, `/docs` and `/docs/`, count once). A page reached by clicking whose address is
 * another page's is that page in another state: not a page of its own here.
 */
export function htmlPages(evidence: EvidenceBundle): HtmlPage[] {
  const seen = new Set<string>();
  const out: HtmlPage[] = [];
  for (const page of evidence.pages) {
    if (page.status !== 200 || !page.dom || page.navigation_error || !isHtml(page)) continue;
    const shown = page.shown_at ?? page.final_url;
    const key = urlIdentity(shown) ?? shown;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(page as HtmlPage);
  }
  return out;
}

/** Content of the first `<meta name=…>` (case-insensitive), or null. */
export function metaName(dom: DomFacts, name: string): string | null {
  const m = dom.meta.find((x) => x.name?.trim().toLowerCase() === name);
  return m ? (m.content ?? '') : null;
}

/** Content of the first `<meta property=…>` (or name=…, which some sites use), or null. */
export function metaProperty(dom: DomFacts, property: string): string | null {
  const m =
    dom.meta.find((x) => x.property?.trim().toLowerCase() === property) ??
    dom.meta.find((x) => x.name?.trim().toLowerCase() === property);
  return m ? (m.content ?? '') : null;
}

export interface NoindexSource {
  source: 'meta' | 'x-robots-tag';
  value: string;
}

const GOOGLE_OR_ALL = new Set(['robots', 'googlebot']);

function saysNoindex(directives: string): boolean {
  return directives
    .toLowerCase()
    .split(/[,\s]+/)
    .some((d) => d === 'noindex' || d === 'none');
}

/** Directives whose value follows a colon, so "name:" is not a crawler scope. */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

/** X-Robots-Tag: several headers arrive joined by newlines; "bot: a, b" scopes a and b to that bot. */
function headerSaysNoindex(header: string): boolean {
  for (const line of header.split('\n')) {
    let scope = 'robots';
    for (const token of line.split(',')) {
      const scoped = /^\s*([a-z0-9_-]+)\s*:(.*)$/i.exec(token);
      let directive = token;
      if (scoped && !VALUED.has(scoped[1]!.toLowerCase())) {
        scope = scoped[1]!.toLowerCase();
        directive = scoped[2]!;
      }
      if (GOOGLE_OR_ALL.has(scope) && saysNoindex(directive)) return true;
    }
  }
  return false;
}

/**
 * Why a page is excluded from Google's index, or null. Reads `<meta name="robots|googlebot">` and the
 * X-Robots-Tag header; header lines naming another crawler ("bingbot: noindex") do not count.
 */
export function noindexOf(page: PageEvidence): NoindexSource | null {
  for (const m of page.dom?.meta ?? []) {
    const name = m.name?.trim().toLowerCase();
    if (name && GOOGLE_OR_ALL.has(name) && m.content && saysNoindex(m.content)) {
      return { source: 'meta', value: `${name}: ${m.content}` };
    }
  }
  const header = page.headers['x-robots-tag'];
  if (header && headerSaysNoindex(header)) return { source: 'x-robots-tag', value: header };
  return null;
}

/**
 * Canonical URLs a page declares, from `<link rel=canonical>` in its <head> and the Link header,
 * resolved and de-duplicated. A canonical link in <body> is ignored, as Google ignores it.
 */
export function canonicalsOf(page: PageEvidence): string[] {
  const head = headLinks(page);
  const raw = (page.dom?.canonical ?? []).filter((c) => !head || head.canonical.has(normalizeUrl(c, page.final_url)));
  for (const l of linkHeader(page.headers['link'])) if (l.rel.includes('canonical')) raw.push(l.url);
  const out: string[] = [];
  for (const href of raw) {
    if (!href.trim()) continue;
    const url = normalizeUrl(href.trim(), page.final_url);
    // Two spellings of one address (`/a` and `/a/`, `index.html`, host case) name one canonical.
    if (!out.some((o) => o === url || urlIdentity(o) === urlIdentity(url))) out.push(url);
  }
  return out;
}

/**
 * Whether `canonical` names the page itself: its own address, or, on a copy of the site (a local copy,
 * a staging host, a deploy preview: `copyOf`), the same path and query at the production address the
 * copy names. A copy's pages are the production pages they name, and are judged as such.
 */
export function canonicalIsOwn(page: Pick<PageEvidence, 'final_url'>, canonical: string): boolean {
  const own = urlIdentity(page.final_url);
  return (own !== null && own === urlIdentity(canonical, page.final_url)) || copiedFrom(page.final_url, canonical) !== null;
}

/**
 * A canonical on a host no search engine can fetch — a developer's machine (`http://localhost:4000/…`,
 * a `jekyll serve` build committed as is; a private address, a `.local` name) — while the page is served
 * elsewhere: a hint nobody can follow (seo.canonical_host_mismatch reports it); the page is indexed as itself.
 */
function unreachableCanonical(page: Pick<PageEvidence, 'final_url'>, canonical: string): boolean {
  let host: string;
  try {
    host = new URL(canonical).host;
    if (host === new URL(page.final_url).host) return false;
  } catch {
    return false;
  }
  return copyHostKind(host) === 'local';
}

/**
 * Pages a search engine would index as themselves: not noindex, not canonicalized to another URL. A
 * canonical the run saw answer an error (404, 410, 5xx) is no canonical: search engines ignore a hint
 * to a page that is not there, and index the page as itself (Sphinx's dirhtml builder naming
 * `guide.html` for a page served at `guide/`). Nor is a canonical on a host nobody can reach.
 */
export function indexablePages(evidence: EvidenceBundle): HtmlPage[] {
  return htmlPages(evidence).filter((p) => {
    if (noindexOf(p)) return false;
    const canon = canonicalsOf(p);
    if (canon.length !== 1 || canonicalIsOwn(p, canon[0]!) || unreachableCanonical(p, canon[0]!)) return true;
    const known = knownStatus(evidence, canon[0]!);
    return known !== null && known.status !== null && known.status >= 400 && known.status !== 429;
  });
}
