// Site-level evidence fetched from Node through the guard: robots.txt, sitemaps (default location
// and robots.txt Sitemap lines), and bounded, de-duplicated checks of links the crawl did not visit.
import { randomBytes } from 'node:crypto';
import { startFolder } from '../evidence/url-identity.js';
import { sitemapIndexLocs, sitemapPageAddresses } from '../evidence/sitemap-locs.js';
import { isHtmlBody } from '../evidence/html-body.js';
import { FOUND_ON_LISTED, type FetchedResource, type MissingPageProbe, type UrlCheck } from '../evidence/types.js';
import { guardedFetch } from '../guard/fetch.js';
import type { GuardOptions } from '../guard/options.js';
import { CRAWLER_TOKEN } from './robots-policy.js';

const BODY_CAP = 512 * 1024;
const MAX_SITEMAPS = 3;
const UA = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/0.1; +https://github.com/siteqa)`;

async function fetchResource(url: string, source: FetchedResource['source'], guard: GuardOptions, timeoutMs: number): Promise<FetchedResource> {
  try {
    const r = await guardedFetch(url, { method: 'GET', maxBytes: BODY_CAP, timeoutMs, maxRedirects: 5, headers: { 'user-agent': UA } }, guard);
    return { url, status: r.status, content_type: r.headers['content-type'] ?? null, body: r.body, truncated: r.truncated, error: null, source };
  } catch (err) {
    return { url, status: null, content_type: null, body: null, truncated: false, error: (err as Error).message.slice(0, 300), source };
  }
}

export function fetchRobots(origin: string, guard: GuardOptions, timeoutMs: number): Promise<FetchedResource> {
  return fetchResource(`${origin}/robots.txt`, 'default', guard, timeoutMs);
}

/**
 * Where to look for sitemaps: the ones robots.txt names (at most MAX_SITEMAPS), else the default
 * `/sitemap.xml` — and, for a site that lives under a path (`https://org.github.io/project/`, a docs
 * site under `/docs/`), `sitemap.xml` in the start page's folder too: generators write it there, and
 * the host's root (and its robots.txt) often belongs to someone else; and the sitemaps the start page
 * links with `<link rel="sitemap">`.
 */
export function sitemapTargets(origin: string, robots: FetchedResource | null, startUrl?: string, linked: readonly string[] = []): { url: string; source: 'robots' | 'default' }[] {
  const fromRobots: string[] = [];
  if (robots?.status === 200 && robots.body) {
    for (const line of robots.body.split(/\r?\n/)) {
      const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
      if (m && fromRobots.length < MAX_SITEMAPS) fromRobots.push(m[1]!);
    }
  }
  if (fromRobots.length) {
    const targets: { url: string; source: 'robots' | 'default' }[] = fromRobots.map((url) => ({ url, source: 'robots' as const }));
    // A robots.txt naming its sitemap on another host (a copy of the site naming production, a site
    // moved to www) is also looked for at the same path here: a copy serves its own.
    for (const url of fromRobots) {
      const here = samePathOn(origin, url);
      if (here && !targets.some((t) => t.url === here)) targets.push({ url: here, source: 'default' as const });
    }
    return targets;
  }
  const targets = [{ url: `${origin}/sitemap.xml`, source: 'default' as const }];
  const folder = startFolder(origin, startUrl);
  if (folder) targets.push({ url: `${origin}${folder}sitemap.xml`, source: 'default' as const });
  // The start page's own <link rel="sitemap"> (Astro writes /sitemap-index.xml and links it), on this site.
  for (const url of linked) {
    if (targets.length >= MAX_SITEMAPS + 2) break;
    try {
      if (new URL(url).origin === origin && !targets.some((t) => t.url === url)) targets.push({ url, source: 'default' as const });
    } catch {
      /* not a URL */
    }
  }
  return targets;
}

/** `url`'s path and query at `origin`, or null when `url` is already there (or not a URL). */
function samePathOn(origin: string, url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === origin ? null : `${origin}${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}


/**
 * Where the plugins most sites' CMS uses write the sitemap when none of the usual places has one and
 * robots.txt names none: Yoast SEO and Rank Math (`/sitemap_index.xml`), WordPress itself since 5.5
 * (`/wp-sitemap.xml`). Looked at only then, so a site with a sitemap costs no extra request.
 */
export const CMS_SITEMAPS = ['/sitemap_index.xml', '/wp-sitemap.xml'];
/** Astro's sitemap integration writes `sitemap-index.xml` beside the site's pages, often linked from nowhere. */
const ASTRO_SITEMAP = 'sitemap-index.xml';

/**
 * The places looked at last, when no sitemap answered and robots.txt names none: the CMS plugins' at the
 * root, and Astro's at the root and in the start page's folder (a project site's base path).
 */
export function fallbackSitemaps(origin: string, startUrl?: string): string[] {
  const folder = startFolder(origin, startUrl);
  return [...CMS_SITEMAPS.map((path) => `${origin}${path}`), `${origin}/${ASTRO_SITEMAP}`, ...(folder ? [`${origin}${folder}${ASTRO_SITEMAP}`] : [])];
}

const isSitemapAnswer = (r: FetchedResource) => r.status === 200 && r.body !== null && !isHtmlBody(r);

export async function fetchSitemaps(origin: string, robots: FetchedResource | null, guard: GuardOptions, timeoutMs: number, startUrl?: string, linked: readonly string[] = []): Promise<FetchedResource[]> {
  const targets = sitemapTargets(origin, robots, startUrl, linked);
  const found = await Promise.all(targets.map((t) => fetchResource(t.url, t.source, guard, timeoutMs)));
  if (found.some(isSitemapAnswer) || targets.some((t) => t.source === 'robots')) return found;
  const more = fallbackSitemaps(origin, startUrl).filter((url) => !targets.some((t) => t.url === url));
  return [...found, ...(await Promise.all(more.map((url) => fetchResource(url, 'default', guard, timeoutMs))))];
}

/**
 * How the site answers a page that cannot exist: a GET of a random path under the origin (redirects
 * followed, as a browser or a crawler would). A healthy site answers 404 or 410.
 */
export async function probeMissingPage(origin: string, guard: GuardOptions, timeoutMs: number): Promise<MissingPageProbe> {
  const url = `${origin}/siteqa-missing-page-${randomBytes(6).toString('hex')}`;
  try {
    const r = await guardedFetch(url, { method: 'GET', maxBytes: 64 * 1024, timeoutMs, maxRedirects: 5, headers: { 'user-agent': UA, accept: 'text/html,*/*;q=0.8' } }, guard);
    const contentType = r.headers['content-type'] ?? null;
    const title = contentType?.includes('html') && r.body ? (/<title[^>]*>([\s\S]*?)<\/title>/i.exec(r.body)?.[1]?.replace(/\s+/g, ' ').trim().slice(0, 200) ?? null) : null;
    return { url, status: r.status, final_url: r.finalUrl, redirects: r.redirects.length, content_type: contentType, title, error: null };
  } catch (err) {
    return { url, status: null, final_url: null, redirects: 0, content_type: null, title: null, error: (err as Error).message.slice(0, 300) };
  }
}

/**
 * The child sitemaps a sitemap index names (`<sitemap><loc>`), at most `max`, fetched where `place`
 * puts them (on this site; null: not fetched): a site whose `/sitemap.xml` is an index (WordPress, most
 * generators) lists its pages only there.
 */
export async function fetchChildSitemaps(sitemaps: FetchedResource[], place: (url: string) => string | null, guard: GuardOptions, timeoutMs: number, max = MAX_SITEMAPS): Promise<FetchedResource[]> {
  const children: string[] = [];
  for (const s of sitemaps) {
    if (s.status !== 200 || !s.body) continue;
    for (const raw of sitemapIndexLocs(s.body)) {
      const url = place(raw);
      if (url && !children.includes(url) && children.length < max) children.push(url);
    }
  }
  return Promise.all(children.map((url) => fetchResource(url, 'index', guard, timeoutMs)));
}

/** Page URLs listed in sitemaps (sitemap-locs.ts `sitemapPageAddresses`), first `max`, on `host` only. */
export function sitemapPageUrls(sitemaps: FetchedResource[], host: string, max: number): string[] {
  const out = new Set<string>();
  for (const url of sitemaps.flatMap(sitemapPageAddresses)) {
    if (new URL(url).host.toLowerCase() === host) out.add(url);
    if (out.size >= max) break;
  }
  return [...out];
}

/** HEAD, then GET when HEAD is refused or unsupported (405/501/403 are common on HEAD). */
export async function checkUrl(url: string, found_on: string[], guard: GuardOptions, timeoutMs: number): Promise<UrlCheck> {
  let method: UrlCheck['method'] = 'HEAD';
  try {
    let r = await guardedFetch(url, { method: 'HEAD', maxBytes: 0, timeoutMs, maxRedirects: 5, headers: { 'user-agent': UA } }, guard);
    if (r.status === 405 || r.status === 501 || r.status === 403 || r.status === 400) {
      method = 'GET';
      r = await guardedFetch(url, { method: 'GET', maxBytes: 64 * 1024, timeoutMs, maxRedirects: 5, headers: { 'user-agent': UA } }, guard);
    }
    return { url, status: r.status, method, error: null, final_url: r.finalUrl, found_on };
  } catch (err) {
    return { url, status: null, method, error: (err as Error).message.slice(0, 300), final_url: null, found_on };
  }
}

/** Checks URLs with bounded concurrency; stops starting new checks at the deadline. */
export async function checkUrls(targets: Map<string, string[]>, guard: GuardOptions, opts: { max: number; concurrency: number; timeoutMs: number; deadline: number }): Promise<UrlCheck[]> {
  const list = [...targets.entries()].slice(0, opts.max);
  const out: UrlCheck[] = [];
  let i = 0;
  const worker = async () => {
    while (i < list.length && Date.now() < opts.deadline) {
      const [url, from] = list[i++]!;
      out.push(await checkUrl(url, from.slice(0, FOUND_ON_LISTED), guard, Math.min(opts.timeoutMs, Math.max(500, opts.deadline - Date.now()))));
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return out.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
