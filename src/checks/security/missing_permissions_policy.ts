// Compliant (info): pages without a Permissions-Policy header limiting powerful browser features.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, headerOf, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.missing_permissions_policy',
  section: 'compliant',
  severity: 'info',
  title: 'No Permissions-Policy set',
  impact: 'Without it, any script or embedded frame on your pages may ask visitors for camera, microphone or location access.',
  docs: '/docs/checks/security.missing_permissions_policy',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const docs = siteDocuments(evidence, views);
  // Feature-Policy is the header's older name, still honoured for the features it covers.
  const missing = docs.filter((d) => !headerOf(d.page, 'permissions-policy') && !headerOf(d.page, 'feature-policy'));
  if (!missing.length) return [];
  return [
    {
      page: missing.length === 1 ? missing[0]!.page.url : undefined,
      title: `No Permissions-Policy on ${plural(missing.length, 'page')} of ${docs.length}`,
      evidence: { header: 'permissions-policy', pages_checked: docs.length, ...capped('pages', missing.map((d) => d.url)) },
    },
  ];
}

export const check: Check = { meta, run };
