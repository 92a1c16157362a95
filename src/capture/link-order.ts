// The order in which the capped internal link checks take the crawl's unvisited link targets. Pure.
//  1. Two addresses of each page-relative link a template repeats (`href="index.html"` in a header): right
//     from one folder, it points elsewhere from every other (a docs site's "Home", 404 on 731 pages).
//  2. A few of the targets the most pages carry (a tag link in every page's footer): one broken there is
//     broken on every page, yet an order by fewest pages checks it last.
//  3. A few targets whose address no page has the shape of: code left in an href (rustdoc's unresolved
//     intra-doc link `QueryDsl::left_outer_join()`, a template's `{{ url }}`, `undefined`): almost surely
//     broken, and written on one page among thousands of links.
//  4. The rest spread over the kinds of page (one template's forty links never crowd out the others),
//     within each kind the likeliest broken first: not in the sitemap, written on fewer pages (a
//     hand-written link in one page's text before the menu every page repeats).
import { urlIdentity } from '../evidence/url-identity.js';
import { spreadByTemplate, type TemplateOf } from './url-template.js';

/** Link checks of the cap given first to page-relative links a template repeats (two addresses each). */
const RELATIVE_TEMPLATE_CHECKS = 10;
/** Link checks of the cap given next to the targets the most pages link to. */
const REPEATED_LINK_CHECKS = 5;
/** Link checks of the cap given next to addresses shaped like code, not like a page. */
const CODE_SHAPED_CHECKS = 5;

/**
 * A path that reads as code or an unfilled template, not a page's address: `::`, brackets, braces, angle
 * brackets (as written or escaped), or a script's empty value as a segment.
 */
export function codeShaped(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return /::|\(|\)|\{|\}|%7B|%7D|%3C|%3E|%28|%29|\$|%60/i.test(path) || /(^|\/)(undefined|null|\[object%20\w+\]|NaN)(\/|$)/.test(path);
}

/** One page-relative href as a page wrote it (`key`: the href and its text) and where it led there. */
export interface RelativeLink {
  key: string;
  page: string;
  resolved: string;
}

export function linkCheckOrder(input: {
  /** Unvisited same-site targets, each with the pages linking to it. */
  targets: ReadonlyMap<string, string[]>;
  /** Every resolution of every page-relative href on the pages, visited or not. */
  relative: readonly RelativeLink[];
  /** Page URLs the sitemaps list. */
  sitemapUrls: readonly string[];
  templateOf: TemplateOf;
}): Map<string, string[]> {
  const { targets } = input;
  const first = relativeTemplateTargets(input.relative, targets);
  first.push(...mostRepeated(targets, first, REPEATED_LINK_CHECKS));
  first.push(...[...targets.keys()].filter((u) => !first.includes(u) && codeShaped(u)).slice(0, CODE_SHAPED_CHECKS));
  const listed = new Set(input.sitemapUrls.map((u) => urlIdentity(u)));
  const likeliestBroken = [...targets.entries()].filter(([u]) => !first.includes(u)).sort(([a, fromA], [b, fromB]) =>
    Number(listed.has(urlIdentity(a))) - Number(listed.has(urlIdentity(b))) || fromA.length - fromB.length);
  return new Map([...first.map((u) => [u, targets.get(u)!] as [string, string[]]), ...spreadByTemplate(likeliestBroken, ([u]) => u, input.templateOf)]);
}

/** Unvisited addresses (two each) of page-relative hrefs written on several pages and leading to several addresses. */
function relativeTemplateTargets(relative: readonly RelativeLink[], targets: ReadonlyMap<string, string[]>): string[] {
  const byKey = new Map<string, { pages: Set<string>; resolved: Set<string> }>();
  for (const l of relative) {
    const seen = byKey.get(l.key) ?? { pages: new Set<string>(), resolved: new Set<string>() };
    seen.pages.add(l.page);
    seen.resolved.add(l.resolved);
    byKey.set(l.key, seen);
  }
  return [...byKey.values()].filter((t) => t.pages.size >= 2 && t.resolved.size >= 2)
    .flatMap((t) => [...t.resolved].filter((u) => targets.has(u)).slice(0, 2)).slice(0, RELATIVE_TEMPLATE_CHECKS);
}

/** The `n` link targets the most pages carry (at least three), leaving out `taken`. */
export function mostRepeated(targets: ReadonlyMap<string, readonly string[]>, taken: readonly string[], n: number): string[] {
  return [...targets.entries()].filter(([u, from]) => from.length >= 3 && !taken.includes(u))
    .sort(([a, fromA], [b, fromB]) => fromB.length - fromA.length || (a < b ? -1 : 1)).slice(0, n).map(([u]) => u);
}
