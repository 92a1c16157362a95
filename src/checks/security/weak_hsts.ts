// Compliant: a Strict-Transport-Security max-age shorter than six months.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, groupPages, plural, siteDocuments } from './support/documents.js';
import { hstsActive, readHsts } from './support/hsts.js';

// Six months as the Observatory counts it (15,552,000 s = 180 days; 15,768,000 is the exact half-year).
const MIN_MAX_AGE = 15_552_000;

export const meta: CheckMeta = {
  id: 'security.weak_hsts',
  section: 'compliant',
  severity: 'warning',
  title: 'HSTS max-age is too short',
  impact: 'A short HSTS lifetime lapses between visits, so returning visitors are again exposed to an HTTP downgrade.',
  docs: '/docs/checks/security.weak_hsts',
  requires: ['headers'],
    optional: ['dom'],
  thresholds: { min_max_age_seconds: MIN_MAX_AGE, observatory_modifier: -10 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const weak = siteDocuments(evidence, views)
    .filter((d) => d.https)
    .map((d) => ({ d, hsts: readHsts(d.page) }))
    .filter(({ hsts }) => hstsActive(hsts) && hsts!.maxAge! < MIN_MAX_AGE);
  if (!weak.length) return [];
  const shortest = Math.min(...weak.map(({ hsts }) => hsts!.maxAge!));
  return [
    {
      page: weak.length === 1 ? weak[0]!.d.page.url : undefined,
      title: `HSTS max-age ${shortest} s (${Math.round(shortest / 86400)} days) on ${plural(weak.length, 'page')}, under six months`,
      evidence: {
        shortest_max_age: shortest,
        min_max_age: MIN_MAX_AGE,
        values: groupPages(weak.map(({ d, hsts }) => ({ url: d.url, value: hsts!.raw }))),
        ...capped('pages', weak.map(({ d }) => d.url)),
      },
    },
  ];
}

export const check: Check = { meta, run };
