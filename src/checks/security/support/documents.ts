// Which responses the security-header checks judge: the site's own HTML main documents that answered
// 200, once per final URL. Headers on images, scripts or third-party pages are not the page's policy.
import type { EvidenceBundle, PageEvidence } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';

export interface SiteDocument {
  page: PageEvidence;
  /** Final URL of the document. */
  url: string;
  https: boolean;
}

function isHtml(page: PageEvidence): boolean {
  const type = (page.headers['content-type'] ?? '').toLowerCase();
  // A missing content-type with a parsed DOM is still an HTML document as far as the browser went.
  return type.includes('text/html') || type.includes('application/xhtml+xml') || (type === '' && page.dom !== null);
}

export function siteDocuments(evidence: EvidenceBundle, views: EvidenceViews): SiteDocument[] {
  const seen = new Set<string>();
  const out: SiteDocument[] = [];
  for (const page of evidence.pages) {
    if (page.status !== 200 || !isHtml(page) || !views.isFirstParty(page.final_url)) continue;
    // One document, one set of headers: a single-page app's hash routes are that document's screens.
    const url = page.final_url.split('#')[0]!;
    if (seen.has(url)) continue;
    seen.add(url);
    out.push({ page, url, https: url.toLowerCase().startsWith('https:') });
  }
  return out;
}

/** A main-document header value (names are lower-cased by capture), trimmed; null when absent. */
export function headerOf(page: PageEvidence, name: string): string | null {
  const v = page.headers[name];
  return v === undefined ? null : v.trim();
}

/** Contents of `<meta http-equiv="name">` tags (case-insensitive), in document order. */
export function httpEquiv(page: PageEvidence, name: string): string[] {
  return (page.dom?.meta ?? [])
    .filter((m) => m.http_equiv?.trim().toLowerCase() === name && m.content !== null)
    .map((m) => m.content!.trim());
}

/** Contents of `<meta name="name">` tags (case-insensitive), in document order. */
export function metaNamed(page: PageEvidence, name: string): string[] {
  return (page.dom?.meta ?? []).filter((m) => m.name?.trim().toLowerCase() === name && m.content !== null).map((m) => m.content!.trim());
}

/** The first `cap` items plus the total, spread into evidence as `<name>` and `<name>_total`. */
export function capped<T>(name: string, items: readonly T[], cap = 20): Record<string, unknown> {
  return { [name]: items.slice(0, cap), [`${name}_total`]: items.length };
}

/** Groups page URLs by a value (e.g. the header seen), keeping first-seen order. */
export function groupPages(items: readonly { url: string; value: string }[], cap = 5): { value: string; pages: string[]; pages_total: number }[] {
  const groups = new Map<string, string[]>();
  for (const { url, value } of items) {
    const g = groups.get(value);
    if (g) g.push(url);
    else groups.set(value, [url]);
  }
  return [...groups.entries()].map(([value, pages]) => ({ value, pages: pages.slice(0, cap), pages_total: pages.length }));
}

/** Page path for titles, e.g. "/pricing". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
