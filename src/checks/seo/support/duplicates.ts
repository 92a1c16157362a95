// Groups pages that share the same text (title, description), for the site-level duplicate checks.
import { copyOf } from '../../../evidence/copy-host.js';
import { pageIdentity, urlIdentity } from '../../../evidence/url-identity.js';
import { groupBy, LIST_CAP, listed } from '../../http/support/lists.js';
import type { FindingDraft } from '../../types.js';
import { headerAlternates } from './head_links.js';
import { canonicalsOf, type HtmlPage } from './html_pages.js';
import { laterPages, onePaginatedList, paginationBase } from './pagination.js';

export interface DuplicateGroup {
  value: string;
  pages: string[];
  pages_total: number;
  /** The pages are all pages of one paginated list (support/pagination.ts). */
  paginated?: true;
  /** Of those, the pages after the list's first, which repeat its text. */
  later_pages?: number;
  /**
   * In a group of different pages: later pages of a paginated list in the group (/page/2/ beside /),
   * counted with their list's first page and not as pages of their own.
   */
  list_pages_counted_once?: number;
}

/**
 * Groups of two or more pages whose text is the same (case and whitespace ignored), largest first.
 * A page and its own variants (its canonical address, query-string variants it links to itself) are
 * one page, so they never make a group alone; so are the language versions of one page (pages that
 * name each other in their hreflang set, in their HTML, their Link header or the sitemap's
 * `languageVersions`): a product or person's name is the same in every language, and hreflang tells
 * search engines which version to show (Google, "Tell Google about localized versions of your page").
 * Addresses serving the very same document are one page too, and pages in different languages (their
 * `<html lang>`) never share text as duplicates.
 */
export function duplicateGroups(pages: readonly HtmlPage[], textOf: (p: HtmlPage) => string | null, languageVersions: readonly string[][] = []): DuplicateGroup[] {
  const withText = pages
    .map((p) => {
      const canonicals = canonicalsOf(p);
      return { url: p.final_url, id: pageIdentity(p, canonicals.length === 1 ? canonicals[0]! : null), text: (textOf(p) ?? '').replace(/\s+/g, ' ').trim(), page: p };
    })
    .filter((p) => p.text !== '');
  const declared = declaredIndex(languageVersions);
  return [...groupBy(withText, (p) => p.text.toLowerCase()).values()]
    .map((g) => [...groupBy(g, (p) => p.id).values()].map((same) => same[0]!))
    .map((g) => [...groupBy(g, (p) => sameDocumentKey(p.page) ?? p.id).values()].map((same) => same[0]!))
    .filter((g) => g.length > 1)
    // Pages in different languages (their <html lang>) are language versions even when no hreflang says
    // so: a brand-only title on five translated home pages is one title per language. Shared text counts
    // within one language, where regional versions (en-US, en-GB) linked by hreflang still count once.
    .flatMap((g) => [...groupBy(g, (p) => languageOf(p.page)).values()])
    .filter((g) => g.length > 1)
    .map((g) => oneLanguageVersionEach(g, declared))
    .filter((g) => g.length > 1)
    .map((g) => {
      const urls = g.map((p) => p.url);
      if (onePaginatedList(urls)) return { value: g[0]!.text, pages: urls.slice(0, LIST_CAP), pages_total: g.length, paginated: true as const, later_pages: laterPages(urls) };
      const once = oneEntryPerList(urls);
      const folded = urls.length - once.length;
      return { value: g[0]!.text, pages: once.slice(0, LIST_CAP), pages_total: once.length, ...(folded ? { list_pages_counted_once: folded } : {}) };
    })
    // Folded to one entry per list, a group of lists alone can be one page: no longer a group.
    .filter((g) => g.pages_total > 1)
    .sort((a, b) => b.pages_total - a.pages_total);
}

/**
 * One document served at two addresses (mdBook copies the first chapter to `index.html`; a CMS answers
 * at `/` and `/home`): the same whole DOM, so retitling one of them is not the fix. Null when the DOM was
 * not kept whole, or is too small to tell pages apart by.
 */
function sameDocumentKey(page: HtmlPage): string | null {
  const html = page.html;
  return html && !html.truncated && html.content.length >= 512 ? `document\u0000${html.content}` : null;
}

/** The sitemap's language-version sets indexed by each member's identity and by its path alone (for a copy). */
interface DeclaredIndex {
  byId: Map<string, number[]>;
  byPath: Map<string, number[]>;
  /** The hosts each set's URLs are on. */
  hosts: Map<number, Set<string>>;
}

function declaredIndex(versions: readonly string[][]): DeclaredIndex {
  const byId = new Map<string, number[]>();
  const byPath = new Map<string, number[]>();
  const hosts = new Map<number, Set<string>>();
  const add = (map: Map<string, number[]>, key: string, set: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [set]);
    else if (list[list.length - 1] !== set) list.push(set);
  };
  versions.forEach((urls, set) => {
    for (const u of urls) {
      const id = urlIdentity(u);
      if (!id) continue;
      add(byId, id, set);
      add(byPath, pathKey(id), set);
      const host = new URL(id).host;
      const known = hosts.get(set);
      if (!known) hosts.set(set, new Set([host]));
      else known.add(host);
    }
  });
  return { byId, byPath, hosts };
}

/** The group with each set of language versions (linked by hreflang, either way) kept once, first seen first. */
function oneLanguageVersionEach<T extends { url: string; page: HtmlPage }>(group: T[], declared: DeclaredIndex): T[] {
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
    const own = [...e.page.dom.hreflang.filter((h) => h.lang?.toLowerCase() !== 'x-default').map((h) => h.href), ...headerAlternates(e.page.headers['link'])];
    for (const href of own) join(i, pageOf(href, e.url));
  });
  // Pages that share a set of language versions in the sitemap (by identity, or by path on a copy).
  const bySet = new Map<number, number>();
  group.forEach((e, i) => {
    const id = urlIdentity(e.url);
    if (!id) return;
    const host = new URL(id).host;
    const sets = declared.byId.get(id) ?? (declared.byPath.get(pathKey(id)) ?? []).filter((set) => setOnCopyOf(declared, set, host));
    for (const set of sets) {
      const first = bySet.get(set);
      if (first === undefined) bySet.set(set, i);
      else join(first, i);
    }
  });
  return group.filter((_, i) => group.findIndex((__, k) => find(k) === find(i)) === i);
}

/** Whether language set `set` names a production host that `host` (the audited copy) is a copy of: then its paths are this copy's. */
function setOnCopyOf(declared: DeclaredIndex, set: number, host: string): boolean {
  return [...(declared.hosts.get(set) ?? [])].some((h) => h !== host && copyOf(host, h) !== null);
}

/** An identity without its scheme and host. */
const pathKey = (id: string) => id.replace(/^[a-z]+:\/\/[^/]+/i, '');

/**
 * Findings for groups of shared text: one for the groups that are different pages (the check's severity),
 * one at info for groups that are pages of one paginated list, which repeat the first page's text.
 */
export function duplicateDrafts(groups: DuplicateGroup[], what: string): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  const count = (gs: DuplicateGroup[]) => gs.reduce((n, g) => n + g.pages_total, 0);
  const apart = groups.filter((g) => !g.paginated);
  const lists = groups.filter((g) => g.paginated);
  if (apart.length) drafts.push({ title: `${count(apart)} pages share ${apart.length} ${what}(s)`, evidence: listed('groups', apart) });
  if (lists.length) {
    drafts.push({
      severity: 'info',
      title: `${lists.length} paginated list(s) repeat their first page's ${what} on ${lists.reduce((n, g) => n + (g.later_pages ?? g.pages_total - 1), 0)} later page(s)`,
      evidence: listed('groups', lists),
    });
  }
  return drafts;
}

/**
 * The addresses with each paginated list's pages as one (its first page when present, else its first
 * listed): a blog's / and /page/2/ to /page/5/ sharing the site's description are one list repeating its
 * text, beside whatever other page shares it. Only pages numbered as pages (/page/N/, ?page=N) fold.
 */
function oneEntryPerList(urls: readonly string[]): string[] {
  const named = new Set(urls.map(paginationBase).filter((b) => b?.numbered === 'named').map((b) => b!.base));
  const kept = new Map<string, string>();
  const out: string[] = [];
  for (const url of urls) {
    const b = paginationBase(url);
    if (!b || !named.has(b.base) || b.numbered === 'bare') {
      out.push(url);
      continue;
    }
    const seen = kept.get(b.base);
    if (seen === undefined) {
      kept.set(b.base, url);
      out.push(url);
    } else if (b.numbered === 'first' && paginationBase(seen)?.numbered !== 'first') {
      // The list's first page stands for it.
      out[out.indexOf(seen)] = url;
      kept.set(b.base, url);
    }
  }
  return out;
}

/** A page's language as its <html lang> declares it (primary subtag, lower case); '' when undeclared. */
function languageOf(page: HtmlPage): string {
  return (page.dom.lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}
