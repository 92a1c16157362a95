// Compliant (info): pages that set no referrer policy and rely on the browser default.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, plural, siteDocuments } from './support/documents.js';
import { readReferrerPolicy } from './support/referrer.js';

export const meta: CheckMeta = {
  id: 'security.missing_referrer_policy',
  section: 'compliant',
  severity: 'info',
  title: 'No Referrer-Policy set',
  impact: 'Current browsers default to strict-origin-when-cross-origin, which is safe; setting it explicitly keeps older browsers and embedded views from leaking full URLs.',
  docs: '/docs/checks/security.missing_referrer_policy',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { browser_default: 'strict-origin-when-cross-origin' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const docs = siteDocuments(evidence, views);
  const missing = docs.filter((d) => readReferrerPolicy(d.page).policy === null);
  if (!missing.length) return [];
  return [
    {
      page: missing.length === 1 ? missing[0]!.page.url : undefined,
      title: `No Referrer-Policy on ${plural(missing.length, 'page')} of ${docs.length}`,
      evidence: { header: 'referrer-policy', pages_checked: docs.length, ...capped('pages', missing.map((d) => d.url)) },
    },
  ];
}

export const check: Check = { meta, run };
