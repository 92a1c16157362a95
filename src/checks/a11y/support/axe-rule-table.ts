// The shared valid/invalid table every dedicated axe check runs (test-only). It also holds each
// check to axe-core's own metadata, so a wrong impact or a non-WCAG rule fails the check's test.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage, outcomeOf } from '../../test-support.js';
import type { Severity } from '../../types.js';
import { capSeverity, type AxeRuleCheck } from './axe-rule.js';
import { auditedPage, axeRecord, REGION_BEST_PRACTICE, violation, type AxeNode } from './axe-test-data.js';
import { IMPACT_SEVERITY, isWcagAOrAA, type AxeImpact } from './wcag.js';

interface AxeCore {
  getRules(): { ruleId: string; tags: string[]; help: string }[];
  _audit: { rules: { id: string; impact?: string }[] };
}
const axe = createRequire(import.meta.url)('axe-core') as AxeCore;

export interface AxeRuleExample {
  rule: string;
  /** The impact axe reports for this example (the rule's usual impact). */
  impact: AxeImpact;
  /** A realistic failing node, as capture records it. */
  node: AxeNode;
  /**
   * A rule axe files under best-practice that capture runs beside the WCAG tags (capture/axe.ts
   * AXE_EXTRA_RULES) because another published requirement makes it one (documented per check): never above warning.
   */
  bestPractice?: true;
}

export function axeRuleTable(check: AxeRuleCheck, example: AxeRuleExample): void {
  const max = check.meta.thresholds?.max_severity as Severity | undefined;
  const severity = capSeverity(IMPACT_SEVERITY[example.impact], max);
  const real = axe.getRules().find((r) => r.ruleId === example.rule);
  const failing = (over = {}) => violation(example.rule, { impact: example.impact, tags: real?.tags ?? [], help: real?.help ?? '', nodes: [example.node], ...over });

  describe(check.meta.id, () => {
    it(`matches axe-core: a ${example.bestPractice ? 'best-practice' : 'WCAG A/AA'} rule with the declared impact`, () => {
      expect(real, `axe-core has no rule ${example.rule}`).toBeDefined();
      expect(isWcagAOrAA(real!.tags)).toBe(!example.bestPractice);
      if (example.bestPractice) {
        expect(real!.tags).toContain('best-practice');
        expect(max).toBe('warning');
      }
      expect(check.axeRule).toBe(example.rule);
      expect(check.meta.thresholds?.axe_impact).toBe(axe._audit.rules.find((r) => r.id === example.rule)?.impact);
      expect(check.meta).toMatchObject({ id: `a11y.${example.rule.replace(/-/g, '_')}`, section: 'accessible', requires: ['accessibility'] });
    });

    it('passes pages without this violation (other rules and best practices are not its business)', () => {
      const pages = [auditedPage('/', [violation('some-other-rule'), REGION_BEST_PRACTICE]), auditedPage('/a', [])];
      expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
    });

    it('is not applicable when axe did not run, and ignores pages where it errored', () => {
      expect(outcomeOf(check, makeBundle({ pages: [makePage()] }))).toBe('not_applicable');
      const errored = makePage({ accessibility: axeRecord([failing()], { error: 'axe run timed out' }) });
      expect(outcomeOf(check, makeBundle({ pages: [errored] }))).toBe('not_applicable');
    });

    it(`flags the violation with severity ${severity}, its selector and help link`, () => {
      const [f, ...rest] = findingsOf(check, makeBundle({ pages: [auditedPage('/', [failing()])] }));
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ check_id: check.meta.id, section: 'accessible', severity });
      expect(f!.evidence).toMatchObject({ rule: example.rule, impact: example.impact, elements: 1, pages_total: 1, page: 'https://example.com/' });
      expect(f!.evidence!.help_url).toContain(example.rule);
      expect(f!.evidence!.pages).toEqual([{ url: 'https://example.com/', elements: 1, nodes: [expect.objectContaining({ target: example.node.target })] }]);
    });

    it('reports a template problem seen on several pages as one finding', () => {
      const pages = ['/', '/about', '/contact'].map((p) => auditedPage(p, [failing()]));
      const findings = findingsOf(check, makeBundle({ pages }));
      expect(findings).toHaveLength(1);
      expect(findings[0]!.evidence).toMatchObject({ elements: 3, pages_total: 3, page: null });
    });

    it('passes a realistic clean page', () => {
      expect(findingsOf(check, makeBundle({ pages: [auditedPage('/', [REGION_BEST_PRACTICE])] }))).toEqual([]);
    });
  });
}
