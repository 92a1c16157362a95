// Found: pages that do not declare a canonical URL.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { canonicalsOf, htmlPages, noindexOf } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.canonical_missing',
  section: 'found',
  severity: 'info',
  title: 'No canonical URL declared',
  impact: 'Without rel=canonical, search engines choose on their own which of a page\'s URL variants (tracking parameters, trailing slash, http/https) to index.',
  docs: '/docs/checks/seo.canonical_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  // A noindex page is kept out of the index anyway; it needs no canonical.
  const missing = htmlPages(evidence)
    .filter((p) => !noindexOf(p) && canonicalsOf(p).length === 0)
    .map((p) => ({ url: p.final_url }));
  return siteFinding(missing, (n) => `${pagesWord(n)} without a canonical URL`);
}

export const check: Check = { meta, run };
