// Compliant: HTML pages served without any enforced Content-Security-Policy (header or meta).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { policiesOf } from './support/csp.js';
import { capped, headerOf, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.missing_csp',
  section: 'compliant',
  severity: 'warning',
  title: 'No Content Security Policy',
  impact: 'Without a CSP, any script an attacker manages to inject (XSS) runs with full access to your visitors\' sessions and data.',
  docs: '/docs/checks/security.missing_csp',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { observatory_modifier: -25 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const docs = siteDocuments(evidence, views);
  const missing = docs.filter((d) => policiesOf(d.page).length === 0);
  if (!missing.length) return [];
  const reportOnly = missing.filter((d) => headerOf(d.page, 'content-security-policy-report-only'));
  return [
    {
      page: missing.length === 1 ? missing[0]!.page.url : undefined,
      title: `No Content Security Policy on ${plural(missing.length, 'page')} of ${docs.length}`,
      evidence: {
        header: 'content-security-policy',
        pages_checked: docs.length,
        ...capped('pages', missing.map((d) => d.url)),
        // Report-only policies are monitoring, not protection; say so when that is what the site has.
        report_only_pages: reportOnly.length,
        report_only_example: reportOnly[0] ? headerOf(reportOnly[0].page, 'content-security-policy-report-only')!.slice(0, 300) : null,
      },
    },
  ];
}

export const check: Check = { meta, run };
