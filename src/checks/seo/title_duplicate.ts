// Found: several pages share one title, so search results cannot tell them apart.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { duplicateDrafts, duplicateGroups } from './support/duplicates.js';
import { sitemapLanguageVersions } from './support/sitemap_xml.js';
import { indexablePages } from './support/html_pages.js';
import { isUnwrittenTitle } from './support/leftovers.js';

export const meta: CheckMeta = {
  id: 'seo.title_duplicate',
  section: 'found',
  severity: 'warning',
  title: 'Pages share the same title',
  impact: 'Identical titles make pages look interchangeable in search results, and search engines may show only one of them.',
  docs: '/docs/checks/seo.title_duplicate',
  requires: ['dom', 'headers'],
  optional: ['html', 'sitemaps'],
  thresholds: { min_pages_per_group: 2, pages_of_one_paginated_list: 'info' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  // Pages canonicalized to another URL or marked noindex are not indexed as themselves, so they may repeat.
  // A placeholder title ("| Acme", "Document") is seo.title_missing's: one defect, reported once.
  const groups = duplicateGroups(indexablePages(evidence), (p) => (isUnwrittenTitle(p.title) ? null : p.title), sitemapLanguageVersions(evidence.site.sitemaps));
  return duplicateDrafts(groups, 'title');
}

export const check: Check = { meta, run };
