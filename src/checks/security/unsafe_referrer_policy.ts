// Compliant: a referrer policy that sends full page URLs (paths and query strings) to other sites.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, groupPages, plural, siteDocuments } from './support/documents.js';
import { LEAKY, readReferrerPolicy } from './support/referrer.js';

export const meta: CheckMeta = {
  id: 'security.unsafe_referrer_policy',
  section: 'compliant',
  severity: 'warning',
  title: 'Referrer policy leaks full URLs to other sites',
  impact: 'Every third party your pages load or link to receives the full URL, including search terms, ids or tokens in the query string.',
  docs: '/docs/checks/security.unsafe_referrer_policy',
  requires: ['headers'],
    optional: ['dom'],
  thresholds: { leaky_policies: [...LEAKY].join(',') },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const leaky = siteDocuments(evidence, views)
    .map((d) => ({ d, r: readReferrerPolicy(d.page) }))
    .filter(({ r }) => r.policy !== null && LEAKY.has(r.policy));
  if (!leaky.length) return [];
  const policies = [...new Set(leaky.map(({ r }) => r.policy!))];
  return [
    {
      page: leaky.length === 1 ? leaky[0]!.d.page.url : undefined,
      title: `Referrer-Policy ${policies.join(', ')} on ${plural(leaky.length, 'page')}`,
      evidence: {
        policies,
        values: groupPages(leaky.map(({ d, r }) => ({ url: d.url, value: `${r.source}: ${r.raw}` }))),
        ...capped('pages', leaky.map(({ d }) => d.url)),
      },
    },
  ];
}

export const check: Check = { meta, run };
