// Found: several pages share one meta description.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { duplicateDrafts, duplicateGroups } from './support/duplicates.js';
import { sitemapLanguageVersions } from './support/sitemap_xml.js';
import { indexablePages, metaName } from './support/html_pages.js';

export const meta: CheckMeta = {
  id: 'seo.meta_description_duplicate',
  section: 'found',
  severity: 'warning',
  title: 'Pages share the same meta description',
  impact: 'A description copied across pages says nothing specific about any of them, so search engines replace it with page text.',
  docs: '/docs/checks/seo.meta_description_duplicate',
  requires: ['dom', 'headers'],
  optional: ['html', 'sitemaps'],
  thresholds: { min_pages_per_group: 2, pages_of_one_paginated_list: 'info' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const groups = duplicateGroups(indexablePages(evidence), (p) => metaName(p.dom, 'description'), sitemapLanguageVersions(evidence.site.sitemaps));
  return duplicateDrafts(groups, 'meta description');
}

export const check: Check = { meta, run };
