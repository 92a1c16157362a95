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
  // An <h1> counts when it says something: its text, or a picture's alt text or label (the capture reads
  // those when the heading has no text). An empty <h1> (a theme's title slot left blank) says nothing.
  const missing = indexablePages(evidence)
    .filter((p) => !p.dom.headings.some((h) => h.level === 1 && h.text.trim()))
    .map((p) => {
      const first = p.dom.headings.find((h) => h.text.trim());
      return {
        url: p.final_url,
        first_heading: first ? `h${first.level}: ${first.text}` : null,
        ...(p.dom.headings.some((h) => h.level === 1) ? { empty_h1: true } : {}),
      };
    });
  return siteFinding(missing, (n) => `${pagesWord(n)} without an <h1>`);
}

export const check: Check = { meta, run };
