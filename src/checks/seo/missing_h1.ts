// Found: pages without any <h1> heading.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.missing_h1',
  section: 'found',
  severity: 'warning',
  title: 'Page has no h1 heading',
  impact: 'The main heading tells search engines and visitors what the page is about; without it that signal is lost.',
  docs: '/docs/checks/seo.missing_h1',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { min_h1: 1 },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  // Any <h1> counts, even one whose text is an image: its alt text is the heading then.
  const missing = indexablePages(evidence)
    .filter((p) => !p.dom.headings.some((h) => h.level === 1))
    .map((p) => ({ url: p.final_url, first_heading: p.dom.headings[0] ? `h${p.dom.headings[0].level}: ${p.dom.headings[0].text}` : null }));
  return siteFinding(missing, (n) => `${pagesWord(n)} without an <h1>`);
}

export const check: Check = { meta, run };
