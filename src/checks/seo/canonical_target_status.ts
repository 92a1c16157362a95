// Found: a canonical URL points to a page that redirects, fails or answers an error.
import type { EvidenceBundle } from '../../evidence/types.js';
import { normalizeUrl } from '../http/support/lists.js';
import { isOwnFailure } from '../http/support/net_errors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { canonicalsOf, htmlPages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';
import { knownStatus } from './support/url_status.js';

export const meta: CheckMeta = {
  id: 'seo.canonical_target_status',
  section: 'found',
  severity: 'warning',
  title: 'Canonical URL does not answer 200',
  impact: 'A canonical pointing to a redirect or an error page sends search engines a contradictory signal, so they ignore it or drop the page.',
  docs: '/docs/checks/seo.canonical_target_status',
  requires: ['dom', 'headers'],
    optional: ['html', 'sitemaps', 'link_checks', 'requests'],
  thresholds: { expected_status: 200 },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const bad = [];
  for (const page of htmlPages(evidence)) {
    const canonicals = canonicalsOf(page);
    // Several canonicals are seo.canonical_conflict's; a self-reference answered 200 by definition.
    if (canonicals.length !== 1 || canonicals[0] === normalizeUrl(page.final_url)) continue;
    const target = canonicals[0]!;
    // Only statuses the run actually observed count; an unvisited target is not guessed at.
    const known = knownStatus(evidence, target);
    if (!known || (known.status === 200 && !known.redirected)) continue;
    // Our own refusals and cancellations, and rate limits on our pace, say nothing about the target.
    if ((known.status === null && isOwnFailure(known.error)) || known.status === 429) continue;
    bad.push({
      url: page.final_url,
      canonical: target,
      status: known.status,
      redirects_to: known.redirected ? known.final_url : null,
      error: known.error,
      observed_by: known.source,
    });
  }
  return siteFinding(bad, (n) => `${pagesWord(n)} point their canonical at a URL that does not answer 200`);
}

export const check: Check = { meta, run };
