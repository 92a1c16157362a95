// Found: pages without a meta description (or with an empty one).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages, metaName } from './support/html_pages.js';
import { leftoverIn } from './support/leftovers.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.meta_description_missing',
  section: 'found',
  severity: 'warning',
  title: 'Page has no meta description',
  impact: 'Search engines use the meta description as the snippet under the title; without one they pick arbitrary page text.',
  docs: '/docs/checks/seo.meta_description_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const described = indexablePages(evidence).map((p) => ({ url: p.final_url, description: metaName(p.dom, 'description') }));
  const missing = described.filter((p) => !(p.description ?? '').trim());
  // A template variable nobody filled in (`{{ page.description }}`, Yoast's `%%excerpt%%`) is shown as it is.
  const unfilled = described.map((p) => ({ ...p, leftover: leftoverIn(p.description) })).filter((p) => p.leftover !== null);
  return [
    ...siteFinding(missing, (n) => `${pagesWord(n)} without a meta description`),
    ...siteFinding(unfilled, (n) => `${pagesWord(n)} whose meta description shows a template variable as text (${unfilled[0]!.leftover})`, {}, 'warning'),
  ];
}

export const check: Check = { meta, run };
