// Found: titles longer than search results usually show, so they are cut off.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

const MAX_CHARS = 60;

export const meta: CheckMeta = {
  id: 'seo.title_length',
  section: 'found',
  severity: 'info',
  title: 'Title longer than 60 characters',
  impact: 'Search results cut titles at about 600 pixels (roughly 60 characters), so the end of a long title is never read.',
  docs: '/docs/checks/seo.title_length',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { max_chars: MAX_CHARS },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const long = indexablePages(evidence)
    .map((p) => ({ url: p.final_url, title: (p.title ?? '').replace(/\s+/g, ' ').trim() }))
    // Characters, not UTF-16 units: an emoji counts once.
    .map((p) => ({ ...p, length: [...p.title].length }))
    .filter((p) => p.length > MAX_CHARS);
  return siteFinding(long, (n) => `${pagesWord(n)} with a title over ${MAX_CHARS} characters`, { max_chars: MAX_CHARS });
}

export const check: Check = { meta, run };
