// Found: a sitemap answers 200 but is not valid sitemap XML (malformed, wrong root, empty, HTML).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { judgeSitemap } from './support/sitemap_xml.js';

export const meta: CheckMeta = {
  id: 'seo.sitemap_invalid',
  section: 'found',
  severity: 'warning',
  title: 'Sitemap is not valid',
  impact: 'Search engines reject a sitemap they cannot parse, so none of the URLs it lists are submitted.',
  docs: '/docs/checks/seo.sitemap_invalid',
  requires: ['sitemaps'],
  thresholds: { format: 'sitemaps.org 0.9 (urlset, sitemapindex or text)' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const s of evidence.site.sitemaps) {
    if (s.status !== 200 || s.body === null) continue;
    const verdict = judgeSitemap(s);
    if (verdict.ok !== false) continue;
    // An HTML page at the default /sitemap.xml is a catch-all route: no sitemap (seo.sitemap_missing).
    if (verdict.problem === 'html' && s.source === 'default') continue;
    drafts.push({
      title: `Sitemap ${s.url} is not valid: ${verdict.detail}`,
      evidence: {
        url: s.url,
        source: s.source,
        content_type: s.content_type,
        problem: verdict.problem,
        detail: verdict.detail,
        line: verdict.line ?? null,
        body_start: s.body.slice(0, 120),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
