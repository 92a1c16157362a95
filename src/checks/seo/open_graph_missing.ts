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

/**
 * ogp.me types og:image and og:url as URLs, and consumers (Facebook, LinkedIn, Slack) fetch them as
 * given: a path is no address (a protocol-relative `//cdn…/share.png` names its host, and passes).
 */
const URL_PROPERTIES = ['og:image', 'og:url'];

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const broken: { url: string; missing: string[]; relative?: string[] }[] = [];
  const partial: { url: string; missing: string[]; relative?: string[] }[] = [];
  for (const page of indexablePages(evidence)) {
    const missing = REQUIRED.filter((p) => !(metaProperty(page.dom, p) ?? '').trim());
    const relative = URL_PROPERTIES.filter((p) => !missing.includes(p) && !/^(https?:)?\/\/[^/]/i.test((metaProperty(page.dom, p) ?? '').trim()));
    if (!missing.length && !relative.length) continue;
    const problem = { url: page.final_url, missing, ...(relative.length ? { relative } : {}) };
    (missing.some((p) => VISIBLE.has(p)) || relative.includes('og:image') ? broken : partial).push(problem);
  }
  const relativeImage = broken.some((p) => p.relative?.includes('og:image'));
  const lacking = [...new Set(partial.flatMap((p) => [...p.missing, ...(p.relative ?? []).map((r) => `an absolute ${r}`)]))];
  return [
    ...siteFinding(broken, (n) => `${pagesWord(n)} without ${visibleLacking(broken)}, so shares show no proper preview`, {}, 'warning'),
    ...siteFinding(partial, (n) => `${pagesWord(n)} without ${lacking.join(' or ')}`, {}, 'info'),
  ];
}

/** What the pages lacking a preview lack between them: "og:image", "og:title or og:image", "an absolute og:image". */
function visibleLacking(pages: readonly { missing: string[]; relative?: string[] }[]): string {
  const missing = [...VISIBLE].filter((p) => pages.some((x) => x.missing.includes(p)));
  const relative = pages.some((x) => x.relative?.includes('og:image'));
  return [...missing, ...(relative ? ['an absolute og:image'] : [])].join(' or ');
}

export const check: Check = { meta, run };
