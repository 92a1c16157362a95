// Pages of one paginated list (a blog's /page/2/, a category's index2.html, ?page=3): the same list
// cut in pages, which repeat the first page's title and description as most blog and CMS themes write
// them. Google indexes each page of a series as itself and asks for no particular title ("Pagination
// best practices for Google": link the pages, give each its own canonical), so a shared title there
// is worth knowing, not a defect to grade.

import { urlIdentity } from '../../../evidence/url-identity.js';

/** Query parameters that number a list's pages. */
// Not `p`: WordPress numbers its posts `?p=12`.
const PAGE_PARAMS = /^(page|pg|paged|pagina|seite|start|offset)$/i;

/**
 * The address a page of a list has with its page number taken out, and how it was numbered: `named` (a
 * page parameter, /page/N/), `bare` (a number after a file or folder name: index2.html, /blog/2/), or
 * `first` (no number: the list's first page). Null for an address that does not parse.
 */
export function paginationBase(url: string): { base: string; numbered: 'named' | 'bare' | 'first'; number: number | null } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  let numbered: 'named' | 'bare' | 'first' = 'first';
  for (const [k, v] of [...u.searchParams.entries()]) {
    if (PAGE_PARAMS.test(k) && /^\d+$/.test(v)) {
      u.searchParams.delete(k);
      numbered = 'named';
    }
  }
  let path = u.pathname;
  let number: number | null = null;
  const named = path.replace(/\/(page|p|seite|pagina|pages?)\/?(\d+)\/?$/i, (_m, _w, n: string) => {
    number = Number(n);
    return '/';
  });
  if (named !== path) {
    numbered = 'named';
    path = named;
  } else {
    const bare = path.replace(/(\/[^/]*?\D)(\d+)(\.html?)$/i, (_m, a: string, n: string, ext: string) => {
      number = Number(n);
      return `${a}${ext}`;
    }).replace(/\/(\d+)(\.html?)?\/?$/i, (_m, n: string) => {
      number = Number(n);
      return '/';
    });
    if (bare !== path) {
      if (numbered === 'first') numbered = 'bare';
      path = bare;
    }
  }
  // The list's address as the one URL identity reads it (/blog/ and /blog/index.html are one base).
  u.pathname = path;
  return { base: urlIdentity(u.href) ?? u.href, numbered, number };
}

/**
 * Whether the pages are all pages of one list: one base, at most one first page, and a number that says
 * "page" (page/2, ?page=2) or, for a bare number (index2.html, /blog/2/), the list's first page among them:
 * chapter1.html and chapter2.html sharing a title are two pages, not one list.
 */
export function onePaginatedList(urls: readonly string[]): boolean {
  if (urls.length < 2) return false;
  const bases = urls.map(paginationBase);
  if (bases.some((b) => b === null)) return false;
  const firsts = bases.filter((b) => b!.numbered === 'first').length;
  if (firsts > 1) return false;
  // A bare number is a page number only beside the list's first page and its page 2 (/product/ and
  // /product/123/ are a listing and a product).
  if (bases.some((b) => b!.numbered === 'bare') && (firsts === 0 || !bases.some((b) => b!.number === 2))) return false;
  return new Set(bases.map((b) => b!.base)).size === 1;
}

/** How many of the pages are not the list's first (the pages that repeat its text). */
export function laterPages(urls: readonly string[]): number {
  return urls.filter((u) => paginationBase(u)?.numbered !== 'first').length;
}
