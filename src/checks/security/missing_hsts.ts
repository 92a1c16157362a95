// Compliant: HTTPS pages without a working Strict-Transport-Security header.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, groupPages, plural, siteDocuments } from './support/documents.js';
import { hstsActive, onPreloadedTld, readHsts } from './support/hsts.js';

export const meta: CheckMeta = {
  id: 'security.missing_hsts',
  section: 'compliant',
  severity: 'warning',
  title: 'HTTPS is not enforced with HSTS',
  impact: 'Without HSTS a visitor\'s first request can go over plain HTTP, where an attacker on the network can intercept or redirect it.',
  docs: '/docs/checks/security.missing_hsts',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { observatory_modifier: -20 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  // HSTS is only honoured over HTTPS; sites on preloaded TLDs (.app, .dev…) are HTTPS-only already.
  const docs = siteDocuments(evidence, views).filter((d) => d.https && !onPreloadedTld(d.url));
  const missing = docs
    .map((d) => ({ d, hsts: readHsts(d.page) }))
    .filter(({ hsts }) => !hstsActive(hsts));
  if (!missing.length) return [];
  const invalid = missing.filter(({ hsts }) => hsts !== null).map(({ d, hsts }) => ({ url: d.url, value: hsts!.raw }));
  return [
    {
      page: missing.length === 1 ? missing[0]!.d.page.url : undefined,
      title: `No Strict-Transport-Security on ${plural(missing.length, 'HTTPS page')} of ${docs.length}`,
      evidence: {
        header: 'strict-transport-security',
        pages_checked: docs.length,
        ...capped('pages', missing.map(({ d }) => d.url)),
        // A header without a valid max-age, or max-age=0, is ignored (or switches HSTS off).
        ignored_values: groupPages(invalid),
      },
    },
  ];
}

export const check: Check = { meta, run };
