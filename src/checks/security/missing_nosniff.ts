// Compliant (info): HTML pages without X-Content-Type-Options: nosniff.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, headerOf, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.missing_nosniff',
  section: 'compliant',
  severity: 'info',
  title: 'X-Content-Type-Options: nosniff is not set',
  impact: 'Without nosniff, browsers may guess content types, which lets crafted uploads be run as scripts or styles.',
  docs: '/docs/checks/security.missing_nosniff',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { observatory_modifier: -5 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const docs = siteDocuments(evidence, views);
  const missing = docs.filter((d) => (headerOf(d.page, 'x-content-type-options') ?? '').split(',')[0]!.trim().toLowerCase() !== 'nosniff');
  if (!missing.length) return [];
  return [
    {
      page: missing.length === 1 ? missing[0]!.page.url : undefined,
      title: `X-Content-Type-Options: nosniff missing on ${plural(missing.length, 'page')} of ${docs.length}`,
      evidence: {
        header: 'x-content-type-options',
        pages_checked: docs.length,
        values_seen: [...new Set(missing.map((d) => headerOf(d.page, 'x-content-type-options')).filter((v): v is string => v !== null))].slice(0, 5),
        ...capped('pages', missing.map((d) => d.url)),
      },
    },
  ];
}

export const check: Check = { meta, run };
