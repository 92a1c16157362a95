// Works: a page answers 200 but its title or main heading says "page not found" (a soft 404).
import type { EvidenceBundle } from '../../evidence/types.js';
import { htmlPages } from '../seo/support/html_pages.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { notFoundPhrase } from './support/not_found_text.js';

export const meta: CheckMeta = {
  id: 'http.soft_404',
  section: 'works',
  severity: 'warning',
  title: 'Missing page answers 200 (soft 404)',
  impact: 'Visitors land on a "not found" page that claims success, so search engines index error pages and monitoring never sees the broken link.',
  docs: '/docs/checks/http.soft_404',
  requires: ['dom', 'headers'],
  thresholds: { matched_on: 'title or h1, whole phrase or whole segment' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const page of htmlPages(evidence)) {
    const fromTitle = notFoundPhrase(page.title);
    const h1 = page.dom.headings.find((h) => h.level === 1 && notFoundPhrase(h.text));
    const phrase = fromTitle ?? (h1 ? notFoundPhrase(h1.text) : null);
    if (!phrase) continue;
    drafts.push({
      page: page.url,
      title: `${new URL(page.final_url).pathname} says "${phrase}" but answers 200`,
      evidence: {
        url: page.url,
        final_url: page.final_url,
        status: page.status,
        matched: phrase,
        matched_in: fromTitle ? 'title' : 'h1',
        title: page.title,
        h1: h1?.text ?? null,
        found_on: page.found_on,
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
