// Groups pages that share the same text (title, description), for the site-level duplicate checks.
import { pageIdentity } from '../../../evidence/url-identity.js';
import { groupBy, LIST_CAP } from '../../http/support/lists.js';
import { canonicalsOf, type HtmlPage } from './html_pages.js';

export interface DuplicateGroup {
  value: string;
  pages: string[];
  pages_total: number;
}

/**
 * Groups of two or more pages whose text is the same (case and whitespace ignored), largest first.
 * A page and its own variants (its canonical address, query-string variants it links to itself) are
 * one page, so they never make a group alone.
 */
export function duplicateGroups(pages: readonly HtmlPage[], textOf: (p: HtmlPage) => string | null): DuplicateGroup[] {
  const withText = pages
    .map((p) => {
      const canonicals = canonicalsOf(p);
      return { url: p.final_url, id: pageIdentity(p, canonicals.length === 1 ? canonicals[0]! : null), text: (textOf(p) ?? '').replace(/\s+/g, ' ').trim() };
    })
    .filter((p) => p.text !== '');
  return [...groupBy(withText, (p) => p.text.toLowerCase()).values()]
    .map((g) => [...groupBy(g, (p) => p.id).values()].map((same) => same[0]!))
    .filter((g) => g.length > 1)
    .map((g) => ({ value: g[0]!.text, pages: g.slice(0, LIST_CAP).map((p) => p.url), pages_total: g.length }))
    .sort((a, b) => b.pages_total - a.pages_total);
}
