// Hosts that serve a copy of a site rather than the site itself: the machine the copy runs on (an IP
// address, localhost, a single-label or .localhost/.local/.test name), a hosting platform's own domain
// (deploy previews, project subdomains), or a host named for staging. Such a copy is right to declare
// the production address in its canonical, og:url or sitemap; the production site declaring one of
// these is the defect. Pure: names only, no lookups.
import { isIP } from 'node:net';
import { classifyAddress } from '../guard/address.js';
import type { EvidenceBundle, PageEvidence } from './types.js';
import { sitemapLocs } from './sitemap-locs.js';
import { urlIdentity } from './url-identity.js';
import { declaredAddresses, declaredHosts, domainOf, hostOf } from './views.js';

export type CopyHostKind = 'local' | 'platform' | 'staging';

/** Hosting platforms whose subdomains are previews or project addresses beside a custom domain. */
const PLATFORM_SUFFIXES = [
  'netlify.app', 'vercel.app', 'now.sh', 'pages.dev', 'workers.dev', 'github.io', 'gitlab.io',
  'onrender.com', 'herokuapp.com', 'fly.dev', 'web.app', 'firebaseapp.com', 'amplifyapp.com', 'azurestaticapps.net',
  'azurewebsites.net', 'surge.sh', 'ngrok.io', 'ngrok.app', 'ngrok-free.app', 'trycloudflare.com', 'up.railway.app',
  'deno.dev', 'csb.app', 'glitch.me', 'replit.app', 'repl.co', 'readthedocs.io', 'gitbook.io', 'webflow.io',
  'wpengine.com', 'wpenginepowered.com', 'kinsta.cloud', 'kinsta.page', 'pantheonsite.io', 'platformsh.site', 'appspot.com',
  'wpcomstaging.com', 'flywheelsites.com', 'cloudwaysapps.com', 'myftpupload.com', 'instawp.xyz', 'tastewp.com',
];
const LOCAL_SUFFIXES = ['.localhost', '.local', '.test', '.internal', '.home.arpa'];
/** A first label naming a non-production environment: staging.example.com, preview-42.example.com, dev2.example.com. */
const STAGING_LABEL = /^(?:staging|stage|stg|preview|prev|dev|develop|development|test|testing|qa|uat|sandbox)(?:\d+|-[a-z0-9-]+)?$/;

/** A host as written in a URL or by hostOf (`[::1]:8080`, `Example.COM.`) as a bare lower-case name. */
function bareName(host: string): string {
  return host.toLowerCase().replace(/^\[([^\]]*)\](?::\d+)?$/, '$1').replace(/^([^:]*):\d+$/, '$1').replace(/\.+$/, '');
}

/** What kind of copy a host is by its name alone (`host` may carry a port). */
export function copyHostKind(host: string): CopyHostKind | null {
  const name = bareName(host);
  if (!name) return null;
  // A public IP address is a server like any other (a site may be served at its address); any other
  // (loopback, private, link-local…, as the URL guard classifies them) is a machine of one's own.
  if (isIP(name)) return classifyAddress(name).ok ? null : 'local';
  if (name === 'localhost' || !name.includes('.') || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) return 'local';
  if (PLATFORM_SUFFIXES.some((s) => name.endsWith(`.${s}`))) return 'platform';
  const labels = name.split('.');
  if (labels.length > 2 && STAGING_LABEL.test(labels[0]!)) return 'staging';
  return null;
}

/**
 * Names no site is served at: the reserved example and test names (RFC 2606, RFC 6761) and the
 * placeholders site generators ship in their starter config (Docusaurus' your-docusaurus-test-site.com,
 * "yourdomain.com"). A canonical there is a template never configured, wherever the copy runs.
 */
export function isPlaceholderHost(host: string): boolean {
  const name = bareName(host);
  if (/(?:^|\.)example(?:\.(?:com|net|org))?$/.test(name) || /\.(?:invalid|test|localhost|example)$/.test(name)) return true;
  return /^(?:www\.)?(?:your|my)[-_]?(?:domain|site|website|web-site|blog|app|project|company|docusaurus[-\w]*)\.[a-z.]+$/.test(name);
}

/**
 * A host a copy may rightly name as the site's address: not a placeholder, not a local machine, not a
 * staging host. A platform address counts (many sites live at `owner.github.io` or `site.netlify.app`).
 */
export function isProductionHost(hostname: string): boolean {
  const kind = copyHostKind(hostname);
  return kind !== 'local' && kind !== 'staging' && !isPlaceholderHost(hostname);
}

/**
 * The production host a locally served copy declares, or null: the start page is on this machine (an IP
 * address, localhost) and at least half of the loaded pages name one production host as their address
 * (canonical URL or og:url) — or, when they name none, the copy's own sitemap lists at least half of
 * them on one production host. Then the HTTP headers seen are the local server's, not the site's.
 */
export function localCopyOf(bundle: EvidenceBundle): string | null {
  const host = hostOf(bundle.pages[0]?.final_url || bundle.run.url);
  if (!host || copyHostKind(host) !== 'local') return null;
  const loaded = bundle.pages.filter((p) => p.status !== null && p.dom);
  const [best] = [...declaredHosts(loaded).entries()]
    .filter(([h]) => h !== host && isProductionHost(h))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (best && best[1] * 2 >= loaded.length) return best[0];
  return sitemapProduction(bundle, host, loaded);
}

/**
 * The scheme production serves on (`https:` or `http:`), as the copy's pages (canonical, og:url) or its
 * sitemap write its address; null when they never write it. What the copy is served over (plain HTTP on
 * this machine) is its local server's, as its headers are.
 */
export function productionScheme(bundle: EvidenceBundle, production: string): 'https:' | 'http:' | null {
  const written = [
    ...bundle.pages.flatMap((p) => (p.dom ? declaredAddresses(p.dom) : [])),
    ...(bundle.site.sitemaps ?? []).flatMap((s) => (s.status === 200 && s.body ? sitemapLocs(s.body) : [])),
  ];
  for (const raw of written) {
    try {
      const u = new URL(raw.trim());
      if (u.host.toLowerCase() === production && (u.protocol === 'https:' || u.protocol === 'http:')) return u.protocol;
    } catch {
      /* not an absolute URL */
    }
  }
  return null;
}

/**
 * A copy whose pages name no address but whose sitemap (fetched from the copy) lists its pages on one
 * production host: at least half of the loaded pages' paths are entries there (a built VitePress or
 * Hugo site without canonicals, its sitemap generated for production).
 */
function sitemapProduction(bundle: EvidenceBundle, host: string, loaded: readonly { final_url: string }[]): string | null {
  const paths = new Map<string, Set<string>>();
  for (const s of bundle.site.sitemaps ?? []) {
    if (s.status !== 200 || !s.body || hostOf(s.url) !== host) continue;
    for (const loc of sitemapLocs(s.body)) {
      const id = urlIdentity(loc);
      if (!id) continue;
      const at = new URL(id);
      let set = paths.get(at.host);
      if (!set) paths.set(at.host, (set = new Set()));
      set.add(at.pathname);
    }
  }
  const hosts = [...paths.keys()].filter((h) => h !== host);
  if (hosts.length !== 1 || !isProductionHost(hosts[0]!) || paths.has(host)) return null;
  const listed = paths.get(hosts[0]!)!;
  const matched = loaded.filter((p) => {
    const id = urlIdentity(p.final_url);
    return id !== null && listed.has(new URL(id).pathname);
  }).length;
  return loaded.length > 0 && matched * 2 >= loaded.length ? hosts[0]! : null;
}

/** First labels a platform gives its previews: `deploy-preview-42--site`, `branch--site`, `site-git-branch-team`, a commit hash. */
const PREVIEW_LABEL = /--|-git-|^[0-9a-f]{7,}$/;

/**
 * The kind of copy `host` is of `production`, or null when it is not one: a local host copies any
 * production address; a staging host only one of its own registrable domain (staging.acme.com of
 * www.acme.com, not dev.mysql.com of www.other.org); a platform address only when it looks like a
 * preview or carries the production site's name (acme.github.io of www.acme.com) — a site whose only
 * address is on a platform naming someone else's site is not a copy of it.
 */
export function copyOf(host: string, production: string): CopyHostKind | null {
  const kind = copyHostKind(host);
  if (!kind || !isProductionHost(production)) return null;
  if (kind === 'local') return kind;
  const domain = (h: string) => domainOf(`http://${bareName(h)}/`) ?? bareName(h);
  if (kind === 'staging') return domain(host) === domain(production) ? kind : null;
  const first = bareName(host).split('.')[0]!;
  const name = domain(production).split('.')[0]!;
  const tokens = bareName(host).split(/[.-]+/);
  return PREVIEW_LABEL.test(first) || (name.length >= 3 && tokens.includes(name)) ? kind : null;
}

/** The title's note on a finding filed as info because a local copy's server answered, not production's. */
export function servedByLocalCopy(production: string): string {
  return ` (as served by this local copy of ${production})`;
}

/** Words for the report: "a local copy", "a preview on a hosting platform", "a staging host". */
export function copyHostWords(kind: CopyHostKind): string {
  return kind === 'local' ? 'a local copy' : kind === 'platform' ? 'a hosting platform\'s preview or project address' : 'a staging host';
}

// A local copy whose start page names its production address (a built site on loopback, `hugo server`):
// links and sitemap entries to that address are the copy's own pages, which the real host would serve,
// so the crawl follows them on the copy. Without this, a site whose navigation is absolute
// (`https://www.acme.com/about/`: Hugo's baseURL, Jekyll's absolute_url, WordPress exports) is audited as
// one page.

/**
 * The production host (`host[:port]`, lower case) whose pages this local copy serves at the same paths,
 * or null: the start page is served on this machine (an IP address of its own, `localhost`) and names,
 * as its canonical URL or og:url, the same path and query on a production host. A copy served under
 * another path than production's (its canonical names `/` while it is served at `/site/`) is not
 * mirrored: its paths do not map one to one.
 */
export function mirroredProduction(start: PageEvidence): string | null {
  if (copyHostKind(hostOf(start.final_url)) !== 'local') return null;
  for (const raw of start.dom ? declaredAddresses(start.dom) : []) {
    const production = copiedFrom(start.final_url, raw.trim());
    if (production) return production;
  }
  return null;
}

/**
 * The production host when `named` is the page at `pageUrl` itself on production: the same path and
 * query (by URL identity) on a host that `pageUrl`'s host is a copy of (`copyOf`); null otherwise,
 * and for the page's own address.
 */
export function copiedFrom(pageUrl: string, named: string): string | null {
  const own = urlIdentity(pageUrl);
  const there = urlIdentity(named, pageUrl);
  if (own === null || there === null) return null;
  const [a, b] = [new URL(own), new URL(there)];
  if (a.host === b.host || copyOf(a.host, b.host) === null) return null;
  return samePage(a.pathname, b.pathname) && a.search === b.search ? b.host : null;
}

/**
 * One page under two spellings a generator may mix: `guide/` served and `guide.html` named (Sphinx's
 * dirhtml builder with html_baseurl). Whether the named spelling answers is seo.canonical_target_status's.
 */
function samePage(a: string, b: string): boolean {
  const bare = (p: string) => p.replace(/(?:\/index)?\.html?$/i, '').replace(/\/+$/, '');
  return a === b || bare(a) === bare(b);
}

/** `url` moved from `production` to the copy at `origin` (same path, query and fragment); other URLs unchanged. */
export function onCopy(url: string, production: string | null, origin: string): string {
  if (!production) return url;
  try {
    const u = new URL(url);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.host.toLowerCase() !== production) return url;
    return `${origin}${u.pathname}${u.search}${u.hash}`;
  } catch {
    return url;
  }
}
