// One URL identity, used everywhere siteqa asks "is this the same page?": the frontier (never visit a
// page twice) and every check that judges duplicates (titles, descriptions, canonicals). Two
// addresses that a browser, a server and a search engine treat as one page have one identity.
import type { PageEvidence } from './types.js';

/** Query parameters that only tell analytics where a visitor came from: never part of a page's address. */
const TRACKING_PARAM = /^(utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|ref|ref_src)$/i;
/**
 * Files a web server answers for the directory itself; `/x/index` too, which static hosts with clean
 * URLs (GitHub Pages, Netlify, Cloudflare Pages, Vercel) serve from the same `x/index.html` and docs
 * generators (VitePress sidebars) link to.
 */
const INDEX_FILE = /\/(?:(?:index|default)\.(?:html?|php|aspx?|jsp|shtml)|index)$/i;

/**
 * The identity of an address: lower-case scheme and host (the URL parser does that), no default
 * port, no credentials, no fragment, no tracking parameters, the remaining parameters sorted, a
 * directory's index file and a trailing slash dropped. Null when it is not an http(s) URL.
 */
export function urlIdentity(raw: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  let path = u.pathname.replace(INDEX_FILE, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const params = [...u.searchParams.entries()].filter(([k]) => !TRACKING_PARAM.test(k)).sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `${u.protocol}//${u.host}${path || '/'}${query}`;
}

/**
 * The route a single-page app reads from the fragment (`#/guide/install`, `#!/guide`: Docsify, AngularJS,
 * Vue and React routers in hash mode), normalized (`#/guide/install`, no trailing slash), or null for an
 * in-page anchor (`#install`), an empty fragment or the app's root (`#/`). Every route is another screen a
 * visitor reaches; to a search engine all of them are the one document (fragments are never fetched).
 */
export function hashRoute(raw: string, base?: string): string | null {
  let hash: string;
  try {
    hash = new URL(raw, base).hash;
  } catch {
    return null;
  }
  const m = /^#!?(\/[^?#]*)/.exec(hash);
  // `#//host/path` is an address given to a router link as if it were a route (a router-link to
  // "//opencollective.com/…"): the app's catch-all shows its home screen there, no screen of its own.
  if (!m || m[1]!.startsWith('//')) return null;
  const route = m[1]!.replace(/\/+$/, '');
  return route ? `#${route}` : null;
}

/**
 * The identity of a screen the crawl visits: the URL identity and, for a single-page app's hash route,
 * that route. Pages (a search engine's documents) are judged by urlIdentity; the crawl visits each route.
 */
export function routeIdentity(raw: string, base?: string): string | null {
  const id = urlIdentity(raw, base);
  return id === null ? null : id + (hashRoute(raw, base) ?? '');
}

/** `url` without its fragment, unless the fragment is a hash route (then normalized): one key per screen. */
export function withoutAnchor(url: string): string {
  return url.split('#')[0]! + (hashRoute(url) ?? '');
}

/** The identity without its query: the page a query-string variant was generated from. */
export function pathIdentity(raw: string, base?: string): string | null {
  const id = urlIdentity(raw, base);
  return id === null ? null : id.replace(/\?.*$/, '');
}

/** Parameters that pick the page itself in query-routed sites (WordPress `?p=`, Joomla `?option=`, `?id=`). */
const ROUTING_PARAM = /^(p|page_id|post|cat|tag|option|route|controller|module|action|id|article|item)$/i;
/** A script named in the path (`/index.php?…`, `/item.aspx?…`): the query routes to the page. */
const SCRIPT_PATH = /\.(php|aspx?|jsp|cgi|pl)$/i;

/**
 * True when `raw` only adds or changes query parameters of the page it was found on (sort, view,
 * filter, tab…): the page's own variant. Not when the query is how the site routes to its pages.
 */
export function isSelfVariant(raw: string, foundOn: string | null): boolean {
  if (!foundOn) return false;
  const id = urlIdentity(raw, foundOn);
  const from = urlIdentity(foundOn);
  if (id === null || from === null || id === from || !id.includes('?') || pathIdentity(id) !== pathIdentity(from)) return false;
  const u = new URL(raw, foundOn);
  return !SCRIPT_PATH.test(u.pathname) && ![...u.searchParams.keys()].some((k) => ROUTING_PARAM.test(k));
}

/**
 * The identity of the page a recorded page *is*: the address its app showed (shown_at), else its own
 * canonical when that points inside the site
 * (a page and the address it names as canonical are one page), else the page it generated this
 * query-string variant from, else its final URL's identity.
 */
export function pageIdentity(page: Pick<PageEvidence, 'final_url' | 'found_on' | 'shown_at'>, canonical: string | null = null): string {
  // An app that put its route back into the address bar ("/?/example" shown as "/example") is that route.
  if (page.shown_at) return urlIdentity(page.shown_at) ?? page.shown_at;
  const own = urlIdentity(page.final_url) ?? page.final_url;
  if (canonical) {
    const c = urlIdentity(canonical, page.final_url);
    if (c && sameHost(c, own)) return c;
  }
  if (page.found_on && isSelfVariant(page.final_url, page.found_on)) return routedIdentity(page.found_on) ?? own;
  return own;
}

/** The identity with only the parameters that route to a page (a variant of a variant is still the page). */
function routedIdentity(raw: string): string | null {
  const id = urlIdentity(raw);
  if (id === null) return null;
  const u = new URL(id);
  if (SCRIPT_PATH.test(u.pathname)) return id;
  for (const k of [...u.searchParams.keys()]) if (!ROUTING_PARAM.test(k)) u.searchParams.delete(k);
  return urlIdentity(u.href);
}

function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}

/**
 * Fragments that name no part of a page: the top (`#top`, and `#` by the HTML standard), an app's route
 * (`#/x`, `#!x`), a text fragment (`#:~:text=`), a script link's placeholder (`#0`). Read in the page
 * (dom-facts.ts) and in the checks (links.broken_fragment) alike.
 */
export const NOT_A_PART = /^(?:top$|!|\/|:~:|0$)/i;

/** The start page's folder (`/project/` for `/project/` or `/project/index.html`) when it is not the root and on `origin`. */
export function startFolder(origin: string, startUrl: string | undefined): string | null {
  if (!startUrl) return null;
  try {
    const u = new URL(startUrl);
    if (u.origin !== origin) return null;
    const folder = u.pathname.slice(0, u.pathname.lastIndexOf('/') + 1);
    return folder.length > 1 ? folder : null;
  } catch {
    return null;
  }
}

/** A URL part percent-decoded, or as written when it does not decode (a lone `%`). */
export function percentDecoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
