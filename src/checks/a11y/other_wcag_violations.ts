// Accessible: every WCAG A/AA axe-core violation without a dedicated check, one finding per rule, so
// nothing axe finds is lost. Best-practice rules (not WCAG requirements) are not reported.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { axeFinding } from './support/axe-rule.js';
import { DEDICATED_RULES } from './support/dedicated.js';
import { aggregateViolations } from './support/violations.js';
import { isWcagAOrAA } from './support/wcag.js';

export const meta: CheckMeta = {
  id: 'a11y.other_wcag_violations',
  section: 'accessible',
  severity: 'warning',
  title: 'Other WCAG A/AA failures',
  impact: 'Each is a barrier that keeps some visitors with disabilities from using the page, and a WCAG conformance failure.',
  docs: '/docs/checks/a11y.other_wcag_violations',
  requires: ['accessibility'],
  optional: ['requests'],
  thresholds: { levels: 'WCAG 2.0/2.1/2.2 A and AA' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const uncovered = aggregateViolations(evidence, views, (v) => !DEDICATED_RULES.has(v.id) && isWcagAOrAA(v.tags));
  return uncovered
    .sort((a, b) => (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
    .map((agg) => axeFinding(agg, meta.severity, `${agg.help || agg.rule} (axe: ${agg.rule})`));
}

export const check: Check = { meta, run };
