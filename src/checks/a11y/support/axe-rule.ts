// The one implementation behind every axe-backed check: a dedicated check is metadata over
// `axeRuleCheck(ruleId, spec)`, and the catch-all reuses `axeFinding` for rules without one.
import type { AxeViolation, EvidenceBundle, PageEvidence } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import type { Check, CheckMeta, EvidencePart, FindingDraft, Severity } from '../../types.js';
import { aggregateViolations, MAX_PAGES, type RuleAggregate } from './violations.js';
import { IMPACT_SEVERITY, wcagCriteria, wcagLevels, type AxeImpact } from './wcag.js';

export interface AxeRuleSpec {
  /** What is wrong, in the site owner's words. */
  title: string;
  /** One sentence on who is affected and how. */
  impact: string;
  /** The impact axe-core declares for the rule (its worst case); sets the default severity. */
  axeImpact: AxeImpact;
  /** A ceiling on the severity, for rules whose harm axe itself leaves to review (documented per check). */
  maxSeverity?: Severity;
  /** Violations verified from other evidence on pages where axe reported none for this rule. */
  supplement?: (page: PageEvidence) => AxeViolation[];
  /** Evidence parts the supplement reads beyond the axe results (the runner hands a check only what it declares). */
  supplementReads?: EvidencePart[];
  /**
   * Nodes that are the rule's lesser case (documented per check): when every node listed is one, the
   * finding is at most a warning, whatever axe's impact.
   */
  lesser?: (node: { html: string; summary: string }) => boolean;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, critical: 2 };

export function capSeverity(severity: Severity, max: Severity | undefined): Severity {
  return max && RANK[severity] > RANK[max] ? max : severity;
}

/** A check backed by one axe-core rule; `axeRule` lets the catch-all skip rules that have one. */
export interface AxeRuleCheck extends Check {
  axeRule: string;
}

/** `color-contrast` → `a11y.color_contrast`. */
export function checkIdFor(ruleId: string): string {
  return `a11y.${ruleId.replace(/-/g, '_')}`;
}

/** One finding for one rule across the pages it failed on. */
export function axeFinding(agg: RuleAggregate, fallback: Severity, title: string, maxSeverity?: Severity): FindingDraft {
  const shown = agg.pages.slice(0, MAX_PAGES);
  const pageCount = agg.pages.length;
  // Seen only where the audit's own refusals explain it (pages laid out without stylesheets, custom
  // elements without the script defining them, that the audit could not load): not verified, info.
  const onlyUnstyled = agg.unstyled?.only === true;
  const why = agg.unstyled?.because ?? ['stylesheets'];
  const whyTitle = why.includes('stylesheets') && why.includes('scripts')
    ? 'laid out without stylesheets, or built without scripts, the audit could not load'
    : why.includes('scripts') ? "built without a script the audit could not load (a custom element it defines)" : 'laid out without stylesheets the audit could not load';
  const whyEvidence = [
    why.includes('stylesheets') ? "the pages' stylesheets the audit could not load" : null,
    why.includes('scripts') ? 'custom elements (such as <ion-icon>) defined by a script the audit could not load, which gives them their name or role' : null,
  ].filter((x) => x !== null).join('; ') + ' (its URL guard refused them, or its machine has no internet access)';
  return {
    page: pageCount === 1 ? agg.pages[0]!.url : undefined,
    severity: onlyUnstyled ? 'info' : capSeverity(agg.impact ? IMPACT_SEVERITY[agg.impact] : fallback, maxSeverity),
    title: `${title}: ${agg.elements} element${agg.elements === 1 ? '' : 's'} on ${pageCount} page${pageCount === 1 ? '' : 's'}${onlyUnstyled ? ` (not verified: ${whyTitle})` : ''}`,
    evidence: {
      ...(agg.unstyled ? { [onlyUnstyled ? 'not_verified' : 'set_aside_unstyled']: { reason: whyEvidence, pages: agg.unstyled.pages.slice(0, MAX_PAGES), elements: agg.unstyled.elements } } : {}),
      rule: agg.rule,
      impact: agg.impact,
      help: agg.help,
      help_url: agg.help_url,
      wcag: wcagCriteria(agg.tags),
      levels: wcagLevels(agg.tags),
      tags: agg.tags,
      elements: agg.elements,
      pages: shown,
      pages_total: pageCount,
    },
  };
}

export function axeRuleCheck(ruleId: string, spec: AxeRuleSpec): AxeRuleCheck {
  const id = checkIdFor(ruleId);
  const meta: CheckMeta = {
    id,
    section: 'accessible',
    severity: capSeverity(IMPACT_SEVERITY[spec.axeImpact], spec.maxSeverity),
    title: spec.title,
    impact: spec.impact,
    docs: `/docs/checks/${id}`,
    requires: ['accessibility'],
    // Requests: a layout rule's verdict on a page laid out without its stylesheets is not verified (violations.ts).
    optional: [...new Set<EvidencePart>(['requests', ...(spec.supplementReads ?? [])])],
    thresholds: { axe_rule: ruleId, axe_impact: spec.axeImpact, ...(spec.maxSeverity ? { max_severity: spec.maxSeverity } : {}) },
  };
  const run = (evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] =>
    aggregateViolations(evidence, views, (v) => v.id === ruleId, spec.supplement).map((agg) => {
      const lesser = spec.lesser;
      const allLesser = lesser !== undefined && agg.pages.length > 0 && agg.pages.every((p) => p.nodes.length > 0 && p.nodes.every((n) => lesser(n)));
      return axeFinding(agg, meta.severity, meta.title, allLesser ? capSeverity(spec.maxSeverity ?? 'critical', 'warning') : spec.maxSeverity);
    });
  return { meta, run, axeRule: ruleId };
}
