// How much of the site a crawl saw: sitemap URLs listed and visited, kinds of page (URL templates)
// known and visited, routes found by clicking. Recorded with the site evidence, said in the notes.
import { sitemapIndexLocs, sitemapPageAddresses } from '../evidence/sitemap-locs.js';
import type { CrawlCoverage, FetchedResource, PageEvidence } from '../evidence/types.js';
import { routeIdentity, urlIdentity } from '../evidence/url-identity.js';
import { declaredHosts, hostOf } from '../evidence/views.js';
import type { TemplateOf } from './url-template.js';

const MAX_TEMPLATES_LISTED = 30;

export interface CoverageInput {
  /** Same-site page URLs the sitemaps list. */
  sitemapUrls: readonly string[];
  /** Every URL the crawl knew of (offered to the frontier, visited or not). */
  known: readonly string[];
  pages: readonly PageEvidence[];
  templateOf: TemplateOf;
  clicked: number;
  clickRoutes: number;
}

export function crawlCoverage(input: CoverageInput): CrawlCoverage {
  const visited = new Set<string>();
  /** Addresses that answered an error: a broken link's target is no kind of page of the site. */
  const missing = new Set<string>();
  for (const p of input.pages) {
    if (p.status === null) continue;
    for (const u of [p.url, p.final_url]) {
      // A single-page app's hash routes are screens of their own here, as the crawl counts them.
      const id = routeIdentity(u);
      if (id) (p.status < 400 ? visited : missing).add(id);
    }
  }
  const sitemap = new Set(input.sitemapUrls.map((u) => urlIdentity(u)).filter((u): u is string => u !== null));
  const perTemplate = new Map<string, { known: Set<string>; visited: Set<string> }>();
  const slot = (url: string) => {
    const t = input.templateOf(url);
    let s = perTemplate.get(t);
    if (!s) perTemplate.set(t, (s = { known: new Set(), visited: new Set() }));
    return s;
  };
  for (const u of [...input.known, ...sitemap]) {
    const id = routeIdentity(u);
    if (!id || (missing.has(id) && !visited.has(id))) continue;
    const s = slot(id);
    s.known.add(id);
    if (visited.has(id)) s.visited.add(id);
  }
  for (const id of visited) {
    const s = slot(id);
    s.known.add(id);
    s.visited.add(id);
  }
  const templates = [...perTemplate.entries()]
    .map(([template, s]) => ({ template, known: s.known.size, visited: s.visited.size }))
    .sort((a, b) => b.known - a.known || (a.template < b.template ? -1 : 1));
  return {
    sitemap_urls: sitemap.size,
    sitemap_urls_visited: [...sitemap].filter((u) => visited.has(u)).length,
    templates_known: templates.length,
    templates_visited: templates.filter((t) => t.visited > 0).length,
    templates: templates.slice(0, MAX_TEMPLATES_LISTED),
    clicked: input.clicked,
    click_routes: input.clickRoutes,
  };
}

/** The coverage in one sentence for the report's notes. */
export function coverageNote(c: CrawlCoverage, listedElsewhere: { host: string; pages: number; sitemaps?: number } | null = null): string {
  const parts: string[] = [];
  if (c.sitemap_urls > 0) parts.push(`the sitemap lists ${c.sitemap_urls} page${c.sitemap_urls === 1 ? '' : 's'}, ${c.sitemap_urls_visited} visited (${Math.round((100 * c.sitemap_urls_visited) / c.sitemap_urls)}%)`);
  // A copy's sitemap written for production: there is one, it names the pages at their address there.
  else if (listedElsewhere?.sitemaps) parts.push(`the sitemap index lists ${listedElsewhere.sitemaps} sitemap${listedElsewhere.sitemaps === 1 ? '' : 's'}, all on ${listedElsewhere.host}, none on this host`);
  else if (listedElsewhere) parts.push(`the sitemap lists ${listedElsewhere.pages}${listedElsewhere.pages >= 5000 ? '+' : ''} page${listedElsewhere.pages === 1 ? '' : 's'}, all on ${listedElsewhere.host}, none on this host`);
  else parts.push('no sitemap listed a page on this site');
  parts.push(`${c.templates_visited} of ${c.templates_known} kinds of page (URL templates) visited`);
  if (c.clicked > 0) parts.push(`${c.clicked} element${c.clicked === 1 ? ' that navigates' : 's that navigate'} without a link clicked, leading to ${c.click_routes} route${c.click_routes === 1 ? '' : 's'} or revealed link${c.click_routes === 1 ? '' : 's'}`);
  return `Coverage: ${parts.join('; ')}`;
}

/**
 * The site's own pages on another host: the audited pages name another host as their address
 * (`<link rel=canonical>` or `og:url`) and link to pages there. The crawl stays on the audited host, so
 * those pages were not visited — a copy of a site (staging, a preview, a local build) whose links are
 * absolute to its production address. Said in the notes, so a one-page audit does not read as a small site.
 */
export function ownSiteElsewhereNote(pages: readonly PageEvidence[], siteHost: string): string | null {
  const named = new Set([...declaredHosts(pages).keys()].filter((h) => h !== siteHost));
  if (!named.size) return null;
  const linked = new Map<string, Set<string>>();
  for (const p of pages) {
    for (const l of p.dom?.links ?? []) {
      const host = hostOf(l.href);
      if (!host || !named.has(host)) continue;
      let set = linked.get(host);
      if (!set) linked.set(host, (set = new Set()));
      const id = urlIdentity(l.href);
      if (id) set.add(id);
    }
  }
  const [host, urls] = [...linked.entries()].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))[0] ?? [];
  // One link (a "view on the live site" button) is not the site's navigation.
  if (!host || !urls || urls.size < 2) return null;
  const audited = pages.filter((p) => p.status !== null).length;
  return `The pages name ${host} as their address (canonical or og:url) and link to ${urls.size} pages there: siteqa audits ${siteHost} only, so those pages were not visited (${audited} page${audited === 1 ? '' : 's'} audited). To audit the whole site, start at its address on ${host}`;
}

/** The run note that says the crawl followed production links on the copy. */
export function mirroredNote(production: string, siteHost: string, followed: number): string {
  return `The pages name ${production} as their address and are served here as a copy of it: links and sitemap entries to ${production} were followed on ${siteHost} (${followed} page${followed === 1 ? '' : 's'} reached that way), as the real host would serve them`;
}

/**
 * The host the fetched sitemaps list their pages on when they list none on the audited one (the
 * commonest, with its count); listing no page at all, the host a sitemap index names its child sitemaps
 * on (a copy's index of production's sitemaps, which the audit does not fetch).
 */
export function sitemapListedElsewhere(sitemaps: readonly FetchedResource[], siteHost: string): { host: string; pages: number; sitemaps?: number } | null {
  const pages = commonestHost(sitemaps.flatMap(sitemapPageAddresses).slice(0, 5000), siteHost);
  if (pages) return { host: pages.host, pages: pages.count };
  if (sitemaps.some((s) => sitemapPageAddresses(s).length)) return null;
  const index = commonestHost(sitemaps.flatMap((s) => (s.status === 200 && s.body ? sitemapIndexLocs(s.body) : [])), siteHost);
  return index ? { host: index.host, pages: 0, sitemaps: index.count } : null;
}

/** The host most of `urls` are on, when none is on `siteHost`. */
function commonestHost(urls: readonly string[], siteHost: string): { host: string; count: number } | null {
  const byHost = new Map<string, number>();
  for (const u of urls) {
    const h = hostOf(u);
    if (h) byHost.set(h, (byHost.get(h) ?? 0) + 1);
  }
  if (!byHost.size || byHost.has(siteHost)) return null;
  const [host, count] = [...byHost.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  return { host, count };
}
