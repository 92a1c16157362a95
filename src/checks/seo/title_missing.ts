// Found: pages without a <title> (or with an empty one).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages } from './support/html_pages.js';
import { isUnwrittenTitle } from './support/leftovers.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.title_missing',
  section: 'found',
  severity: 'warning',
  title: 'Page has no title',
  impact: 'Search results show the title as the clickable headline; without one, search engines invent it and fewer people click.',
  docs: '/docs/checks/seo.title_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const pages = indexablePages(evidence);
  const missing = pages
    .filter((p) => !(p.title ?? '').trim())
    .map((p) => ({ url: p.final_url, title: p.title }));
  const placeholders = pages
    .filter((p) => isUnwrittenTitle(p.title))
    .map((p) => ({ url: p.final_url, title: p.title }));
  return [
    ...siteFinding(missing, (n) => `${pagesWord(n)} without a <title>`),
    ...siteFinding(placeholders, (n) => `${pagesWord(n)} titled with a placeholder (“${placeholders[0]!.title!.trim()}”)`, {}, 'warning'),
  ];
}

export const check: Check = { meta, run };
