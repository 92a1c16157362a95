// Found: a page declares more than one different canonical URL (in HTML, in the Link header, or both).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { canonicalsOf, htmlPages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.canonical_conflict',
  section: 'found',
  severity: 'warning',
  title: 'Conflicting canonical URLs',
  impact: 'When a page names several different canonical URLs, Google ignores all of them and picks one itself.',
  docs: '/docs/checks/seo.canonical_conflict',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const conflicts = htmlPages(evidence)
    .map((p) => ({ url: p.final_url, canonicals: canonicalsOf(p), link_header: p.headers['link'] ?? null }))
    .filter((p) => p.canonicals.length > 1)
    .map((p) => (p.link_header && /canonical/i.test(p.link_header) ? p : { url: p.url, canonicals: p.canonicals }));
  return siteFinding(conflicts, (n) => `${pagesWord(n)} declare more than one canonical URL`);
}

export const check: Check = { meta, run };
