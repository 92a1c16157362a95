// Found: pages with several <h1> headings (worth knowing; not an error for search engines).
import type { DomFacts, EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.multiple_h1',
  section: 'found',
  severity: 'info',
  title: 'Page has several h1 headings',
  impact: 'Several h1s blur which heading is the page\'s main topic; Google copes with it, but one clear h1 is easier for everyone.',
  docs: '/docs/checks/seo.multiple_h1',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { max_h1: 1 },
};

/**
 * The page's h1 headings a reader is shown: a theme that writes the title twice, one copy hidden at each
 * breakpoint (Quarto's sidebar title and page title), shows one. Evidence without the outline: every <h1>.
 */
function shownH1(dom: DomFacts): string[] {
  if (!dom.heading_outline) return dom.headings.filter((h) => h.level === 1).map((h) => h.text);
  return dom.heading_outline.filter((h) => h.level === 1 && !h.aria && !h.hidden).map((h) => h.text);
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const multiple = indexablePages(evidence)
    .map((p) => ({ url: p.final_url, h1: shownH1(p.dom) }))
    .filter((p) => p.h1.length > 1)
    .map((p) => ({ ...p, h1_count: p.h1.length, h1: p.h1.slice(0, 5) }));
  return siteFinding(multiple, (n) => `${pagesWord(n)} with more than one <h1>`);
}

export const check: Check = { meta, run };
