// A copy of a site served on this machine (a built site on loopback, `hugo server`, a docs preview)
// whose start page names its production address as its own: links and sitemap entries to that
// address are the copy's own pages, which the real host would serve, so the crawl follows them here.
// Without this, a site whose navigation is absolute (`https://www.acme.com/about/`, common with Hugo,
// Jekyll's absolute_url, WordPress exports) is audited as one page.
import { copyHostKind, copyOf } from '../evidence/copy-host.js';
import type { PageEvidence } from '../evidence/types.js';
import { urlIdentity } from '../evidence/url-identity.js';
import { declaredAddresses } from '../evidence/views.js';

/**
 * The production host (`host[:port]`, lower case) whose pages this local copy serves at the same paths,
 * or null: the start page is served on this machine (an IP address of its own, `localhost`) and names,
 * as its canonical URL or og:url, the same path and query on a production host. A copy served under
 * another path than production's (its canonical names `/` while it is served at `/site/`) is not
 * mirrored: its paths do not map one to one.
 */
export function mirroredProduction(start: PageEvidence): string | null {
  let here: URL;
  try {
    here = new URL(start.final_url);
  } catch {
    return null;
  }
  if (copyHostKind(here.host.toLowerCase()) !== 'local') return null;
  const own = urlIdentity(start.final_url);
  for (const raw of start.dom ? declaredAddresses(start.dom) : []) {
    const id = urlIdentity(raw.trim(), start.final_url);
    if (!id || !own) continue;
    const there = new URL(id);
    const host = there.host.toLowerCase();
    if (host === here.host.toLowerCase() || copyOf(here.host.toLowerCase(), host) === null) continue;
    if (there.pathname === new URL(own).pathname && there.search === new URL(own).search) return host;
  }
  return null;
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

/** The run note that says the crawl followed production links on the copy. */
export function mirroredNote(production: string, siteHost: string, followed: number): string {
  return `The pages name ${production} as their address and are served here as a copy of it: links and sitemap entries to ${production} were followed on ${siteHost} (${followed} page${followed === 1 ? '' : 's'} reached that way), as the real host would serve them`;
}
