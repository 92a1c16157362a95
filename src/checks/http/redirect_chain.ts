// Works: reaching a page takes more than one redirect hop.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { listed, normalizeUrl } from './support/lists.js';
import { chainUrls, revisitedUrl } from './support/redirects.js';

const MAX_HOPS = 1;

export const meta: CheckMeta = {
  id: 'http.redirect_chain',
  section: 'works',
  severity: 'warning',
  title: 'Redirect chain longer than one hop',
  impact: 'Each extra redirect costs visitors a round trip before the page starts loading, and crawlers may stop following.',
  docs: '/docs/checks/http.redirect_chain',
  requires: ['pages'],
  thresholds: { max_hops: MAX_HOPS },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const seen = new Set<string>();
  const chains: { url: string; hops: number; chain: string[]; found_on: string | null }[] = [];
  for (const page of evidence.pages) {
    // Loops (and cookie bounces that revisit a URL) are reported by http.redirect_loop.
    if (page.status === null || page.redirect_chain.length <= MAX_HOPS || revisitedUrl(page)) continue;
    const key = normalizeUrl(page.url);
    if (seen.has(key)) continue;
    seen.add(key);
    const statuses = page.redirect_chain.map((h) => h.status);
    chains.push({
      url: page.url,
      hops: page.redirect_chain.length,
      chain: chainUrls(page).map((u, i) => (i < statuses.length ? `${statuses[i]} ${u}` : `${page.status} ${u}`)),
      found_on: page.found_on,
    });
  }
  if (!chains.length) return [];
  // One finding for the site: chains usually come from one server rule (http → https → www).
  const longest = Math.max(...chains.map((c) => c.hops));
  return [
    {
      page: chains.length === 1 ? chains[0]!.url : undefined,
      title:
        chains.length === 1
          ? `${chains[0]!.url} redirects ${chains[0]!.hops} times before it answers`
          : `${chains.length} URLs redirect more than once before they answer`,
      evidence: { max_hops: MAX_HOPS, longest_chain: longest, ...listed('chains', chains) },
    },
  ];
}

export const check: Check = { meta, run };
