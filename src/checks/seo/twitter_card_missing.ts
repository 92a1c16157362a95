// Found: pages without a twitter:card tag (X falls back to Open Graph for the rest).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages, metaProperty } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.twitter_card_missing',
  section: 'found',
  severity: 'info',
  title: 'No Twitter/X card',
  impact: 'twitter:card chooses how a link to the page looks on X (large image or small summary); title and image fall back to Open Graph.',
  docs: '/docs/checks/seo.twitter_card_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const missing = indexablePages(evidence)
    .filter((p) => !(metaProperty(p.dom, 'twitter:card') ?? '').trim())
    .map((p) => ({ url: p.final_url }));
  return siteFinding(missing, (n) => `${pagesWord(n)} without a twitter:card tag`);
}

export const check: Check = { meta, run };
