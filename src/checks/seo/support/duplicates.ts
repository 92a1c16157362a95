// Groups pages that share the same text (title, description), for the site-level duplicate checks.
import { copyOf } from '../../../evidence/copy-host.js';
import { pageIdentity, urlIdentity } from '../../../evidence/url-identity.js';
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
 * one page, so they never make a group alone; so are the language versions of one page (pages that
 * name each other in their hreflang set, in their HTML, their Link header or the sitemap's
 * `languageVersions`): a product or person's name is the same in every language, and hreflang tells
 * search engines which version to show (Google, "Tell Google about localized versions of your page").
 */
export function duplicateGroups(pages: readonly HtmlPage[], textOf: (p: HtmlPage) => string | null, languageVersions: readonly string[][] = []): DuplicateGroup[] {
  const withText = pages
    .map((p) => {
      const canonicals = canonicalsOf(p);
      return { url: p.final_url, id: pageIdentity(p, canonicals.length === 1 ? canonicals[0]! : null), text: (textOf(p) ?? '').replace(/\s+/g, ' ').trim(), page: p };
    })
    .filter((p) => p.text !== '');
  return [...groupBy(withText, (p) => p.text.toLowerCase()).values()]
    .map((g) => [...groupBy(g, (p) => p.id).values()].map((same) => same[0]!))
    .map((g) => oneLanguageVersionEach(g, languageVersions))
    .filter((g) => g.length > 1)
    .map((g) => ({ value: g[0]!.text, pages: g.slice(0, LIST_CAP).map((p) => p.url), pages_total: g.length }))
    .sort((a, b) => b.pages_total - a.pages_total);
}

/** The group with each set of language versions (linked by hreflang, either way) kept once, first seen first. */
function oneLanguageVersionEach<T extends { url: string; page: HtmlPage }>(group: T[], declared: readonly string[][]): T[] {
  const parent = group.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const join = (i: number, j: number | undefined) => {
    if (j !== undefined && j !== i) parent[find(j)] = find(i);
  };
  const index = new Map<string, number>();
  /** By path and query alone, for a sitemap naming the production address of the copy audited. */
  const byPath = new Map<string, number>();
  group.forEach((e, i) => {
    for (const u of [e.url, e.page.url]) {
      const id = urlIdentity(u);
      if (id && !index.has(id)) index.set(id, i);
      if (id && !byPath.has(pathKey(id))) byPath.set(pathKey(id), i);
    }
  });
  const pageOf = (url: string, from: string): number | undefined => {
    const id = urlIdentity(url, from);
    if (!id) return undefined;
    const here = index.get(id);
    if (here !== undefined) return here;
    const [pageHost, named] = [new URL(from).host, new URL(id).host];
    return pageHost !== named && copyOf(pageHost, named) !== null ? byPath.get(pathKey(id)) : undefined;
  };
  group.forEach((e, i) => {
    for (const href of [...e.page.dom.hreflang.map((h) => h.href), ...linkHeaderAlternates(e.page.headers['link'])]) join(i, pageOf(href, e.url));
  });
  const origin = group[0]?.url ?? '';
  for (const versions of declared) {
    const found = versions.map((u) => pageOf(u, origin)).filter((i): i is number => i !== undefined);
    for (const j of found.slice(1)) join(found[0]!, j);
  }
  return group.filter((_, i) => group.findIndex((__, k) => find(k) === find(i)) === i);
}

/** An identity without its scheme and host. */
const pathKey = (id: string) => id.replace(/^[a-z]+:\/\/[^/]+/i, '');

/** The hreflang alternates of an HTTP Link header (`<url>; rel="alternate"; hreflang="de"`). */
function linkHeaderAlternates(header: string | undefined): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const m of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    if (/\brel\s*=\s*"?alternate\b/i.test(m[2]!) && /\bhreflang\s*=/i.test(m[2]!)) out.push(m[1]!);
  }
  return out;
}
