// Found: pages lack the Open Graph tags link previews are built from (og:title, og:type, og:image, og:url).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages, metaProperty } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.open_graph_missing',
  section: 'found',
  severity: 'warning',
  title: 'Open Graph tags missing',
  impact: 'When a page is shared in chats and social networks, the preview\'s title and image come from Open Graph tags; without them the link looks bare.',
  docs: '/docs/checks/seo.open_graph_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { required: 'og:title, og:type, og:image, og:url', warning_when_missing: 'og:title or og:image' },
};

// The four properties ogp.me lists as required. Title and image make the preview; type and url
// are inferred by most consumers, so lacking only those is worth knowing, not a defect.
const REQUIRED = ['og:title', 'og:type', 'og:image', 'og:url'];
const VISIBLE = new Set(['og:title', 'og:image']);

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const broken: { url: string; missing: string[] }[] = [];
  const partial: { url: string; missing: string[] }[] = [];
  for (const page of indexablePages(evidence)) {
    const missing = REQUIRED.filter((p) => !(metaProperty(page.dom, p) ?? '').trim());
    if (!missing.length) continue;
    (missing.some((p) => VISIBLE.has(p)) ? broken : partial).push({ url: page.final_url, missing });
  }
  return [
    ...siteFinding(broken, (n) => `${pagesWord(n)} without og:title or og:image, so shares show no proper preview`, {}, 'warning'),
    ...siteFinding(partial, (n) => `${pagesWord(n)} without og:type or og:url`, {}, 'info'),
  ];
}

export const check: Check = { meta, run };
