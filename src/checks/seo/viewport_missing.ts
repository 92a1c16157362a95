// Found: no mobile viewport declared, so phones render the page as a zoomed-out desktop page.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { htmlPages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.viewport_missing',
  section: 'found',
  severity: 'warning',
  title: 'No mobile viewport',
  impact: 'Google indexes the mobile version of pages; without a viewport meta tag phones show a tiny desktop layout and the page is not mobile-friendly.',
  docs: '/docs/checks/seo.viewport_missing',
  requires: ['dom', 'headers'],
  thresholds: { requires: 'meta viewport with width or initial-scale' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const bad = [];
  for (const page of htmlPages(evidence)) {
    const content = page.dom.viewport;
    if (content === null) bad.push({ url: page.final_url, viewport: null, problem: 'no <meta name="viewport">' });
    // Same rule as Lighthouse's viewport audit: width or initial-scale must be set for the page to adapt.
    else if (!/(^|[\s,;])(width|initial-scale)\s*=/i.test(content)) bad.push({ url: page.final_url, viewport: content, problem: 'sets neither width nor initial-scale' });
  }
  return siteFinding(bad, (n) => `${pagesWord(n)} without a usable mobile viewport`);
}

export const check: Check = { meta, run };
