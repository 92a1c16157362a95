// Works: a URL redirects in a circle, so browsers give up (ERR_TOO_MANY_REDIRECTS) or crawlers loop.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { listed, normalizeUrl } from './support/lists.js';
import { isRedirectLoopError } from './support/net_errors.js';
import { hopLines, revisitedUrl } from './support/redirects.js';

export const meta: CheckMeta = {
  id: 'http.redirect_loop',
  section: 'works',
  severity: 'critical',
  title: 'Redirect loop',
  impact: 'A URL that redirects back to itself never shows content: browsers stop with "too many redirects".',
  docs: '/docs/checks/http.redirect_loop',
  requires: [],
    optional: ['pages', 'link_checks', 'requests'],
  thresholds: { unresolved_loop_severity: 'critical', resolved_revisit_severity: 'warning' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  const reported = new Set<string>();
  for (const page of evidence.pages) {
    const failed = page.status === null && isRedirectLoopError(page.navigation_error);
    const revisit = revisitedUrl(page);
    if (!failed && !revisit) continue;
    reported.add(normalizeUrl(page.url));
    drafts.push({
      page: page.url,
      // A chain that revisits a URL yet ends in a page works only thanks to a cookie set on the way;
      // crawlers keep no cookies, so for them it is still a loop.
      severity: failed ? 'critical' : 'warning',
      title: failed ? `Redirect loop on ${page.url}` : `Redirect chain returns to ${revisit} before resolving`,
      evidence: {
        url: page.url,
        error: page.navigation_error,
        revisited_url: revisit,
        final_status: page.status,
        ...listed('hops', hopLines(page)),
        found_on: page.found_on,
      },
    });
  }
  for (const link of evidence.site.link_checks) {
    if (!isRedirectLoopError(link.error) || reported.has(normalizeUrl(link.url))) continue;
    reported.add(normalizeUrl(link.url));
    drafts.push({
      page: link.url,
      title: `Redirect loop on ${link.url}`,
      evidence: { url: link.url, error: link.error, checked_with: link.method, ...listed('found_on', link.found_on) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
