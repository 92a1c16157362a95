// Reading a page's redirect chain: its hops as text, and whether it comes back to a URL it already visited.
import type { PageEvidence } from '../../../evidence/types.js';
import { normalizeUrl } from './lists.js';

/** Every URL of the chain in order, ending with the final URL. */
export function chainUrls(page: PageEvidence): string[] {
  const urls = page.redirect_chain.map((h) => normalizeUrl(h.url));
  const last = normalizeUrl(page.final_url);
  if (urls[urls.length - 1] !== last) urls.push(last);
  return urls;
}

/** The first URL the chain visits twice, or null. */
export function revisitedUrl(page: PageEvidence): string | null {
  const seen = new Set<string>();
  for (const url of chainUrls(page)) {
    if (seen.has(url)) return url;
    seen.add(url);
  }
  return null;
}

/** Hops as "301 https://a/ → https://b/" lines, readable in a report. */
export function hopLines(page: PageEvidence): string[] {
  return page.redirect_chain.map((h) => `${h.status} ${h.url} → ${h.location ?? '(no Location)'}`);
}
