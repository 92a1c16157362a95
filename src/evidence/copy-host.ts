// Hosts that serve a copy of a site rather than the site itself: the machine the copy runs on (an IP
// address, localhost, a single-label or .localhost/.local/.test name), a hosting platform's own domain
// (deploy previews, project subdomains), or a host named for staging. Such a copy is right to declare
// the production address in its canonical, og:url or sitemap; the production site declaring one of
// these is the defect. Pure: names only, no lookups.
import { isIP } from 'node:net';
import type { EvidenceBundle } from './types.js';
import { declaredAddresses } from './views.js';

export type CopyHostKind = 'local' | 'platform' | 'staging';

/** Hosting platforms whose subdomains are previews or project addresses beside a custom domain. */
const PLATFORM_SUFFIXES = [
  'netlify.app', 'vercel.app', 'now.sh', 'pages.dev', 'workers.dev', 'github.io', 'gitlab.io',
  'onrender.com', 'herokuapp.com', 'fly.dev', 'web.app', 'firebaseapp.com', 'amplifyapp.com', 'azurestaticapps.net',
  'azurewebsites.net', 'surge.sh', 'ngrok.io', 'ngrok.app', 'ngrok-free.app', 'trycloudflare.com', 'up.railway.app',
  'deno.dev', 'csb.app', 'glitch.me', 'replit.app', 'repl.co', 'readthedocs.io', 'gitbook.io', 'webflow.io',
  'wpengine.com', 'wpenginepowered.com', 'kinsta.cloud', 'pantheonsite.io', 'platformsh.site', 'appspot.com',
];
const LOCAL_SUFFIXES = ['.localhost', '.local', '.test', '.internal', '.home.arpa'];
/** A first label naming a non-production environment: staging.example.com, preview-42.example.com, dev2.example.com. */
const STAGING_LABEL = /^(?:staging|stage|stg|preview|prev|dev|develop|development|test|testing|qa|uat|sandbox)(?:\d+|-[a-z0-9-]+)?$/;

export function copyHostKind(hostname: string): CopyHostKind | null {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (!name) return null;
  if (isIP(name) || name === 'localhost' || !name.includes('.') || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) return 'local';
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
export function isPlaceholderHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
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
 * (canonical URL or og:url). Then the HTTP headers seen are the local server's, not the site's.
 */
export function localCopyOf(bundle: EvidenceBundle): string | null {
  const start = bundle.pages[0];
  let host: string;
  try {
    host = new URL(start?.final_url || bundle.run.url).hostname;
  } catch {
    return null;
  }
  if (copyHostKind(host) !== 'local') return null;
  const loaded = bundle.pages.filter((p) => p.status !== null && p.dom);
  const votes = new Map<string, number>();
  for (const page of loaded) {
    const named = new Set<string>();
    for (const address of declaredAddresses(page.dom!)) {
      try {
        const h = new URL(address).hostname.toLowerCase();
        if (h !== host && isProductionHost(h)) named.add(h);
      } catch {
        // not an address
      }
    }
    for (const h of named) votes.set(h, (votes.get(h) ?? 0) + 1);
  }
  const [best] = [...votes.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best && best[1] * 2 >= loaded.length ? best[0] : null;
}

/** Words for the report: "a local copy", "a preview on a hosting platform", "a staging host". */
export function copyHostWords(kind: CopyHostKind): string {
  return kind === 'local' ? 'a local copy' : kind === 'platform' ? 'a hosting platform\'s preview or project address' : 'a staging host';
}
