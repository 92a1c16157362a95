// Works: links to a part of their own page (`#install`) that no element carries once the page has run.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'links.broken_fragment',
  section: 'works',
  severity: 'warning',
  title: 'Link to a part of the page that does not exist',
  impact: 'Visitors who follow it stay where they are instead of reaching the section it promises; a table of contents or a cross-reference that goes nowhere.',
  docs: '/docs/checks/links.broken_fragment',
  requires: ['dom'],
  thresholds: { scope: 'links to the same page', ignored: '#, #top, hash routes (#/…, #!…), text fragments (#:~:text=)' },
};

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const missing = views.loadedPages.flatMap((page) => (page.status !== null && page.status < 400 ? page.dom?.missing_fragments ?? [] : []).map((m) => ({ ...m, page: page.final_url })));
  if (!missing.length) return [];
  // One template's table of contents broken on every page is one entry, listing the pages.
  const links = [...groupBy(missing, (m) => m.fragment).values()].map((g) => ({ fragment: `#${g[0]!.fragment}`, text: g[0]!.text, selector: g[0]!.selector, ...listed('pages', unique(g.map((m) => m.page)), 5) }));
  const pages = unique(missing.map((m) => m.page));
  return [
    {
      page: pages.length === 1 ? pages[0] : undefined,
      title: `${links.length} link${links.length === 1 ? '' : 's'} to a part of the page that does not exist (${links.slice(0, 3).map((l) => l.fragment).join(', ')}${links.length > 3 ? ', …' : ''})`,
      evidence: { ...listed('links', links), ...listed('pages', pages) },
    },
  ];
}

export const check: Check = { meta, run };
