import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, outcomeOf, makePage } from '../test-support.js';
import { a11yChecks } from './index.js';
import { check } from './other_wcag_violations.js';
import { auditedPage, REGION_BEST_PRACTICE, violation } from './support/axe-test-data.js';
import { DEDICATED_RULES } from './support/dedicated.js';

const dl = violation('definition-list', { impact: 'serious', tags: ['cat.structure', 'wcag2a', 'wcag131'], help: 'Definition lists must only directly contain dt and dd groups' });
const target = violation('target-size', { impact: 'serious', tags: ['cat.sensory-and-visual-cues', 'wcag22aa', 'wcag258'], help: 'All touch targets must be 24px large, or leave sufficient space' });
const deprecated = violation('aria-deprecated-role', { impact: 'minor', tags: ['cat.aria', 'wcag2a', 'wcag412'], help: 'Deprecated ARIA roles must not be used' });

describe('a11y.other_wcag_violations', () => {
  it('passes when every violation has a dedicated check or is a best practice', () => {
    const pages = [auditedPage('/', [violation('color-contrast', { tags: ['wcag2aa', 'wcag143'] }), REGION_BEST_PRACTICE])];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('is not applicable when axe did not run', () => {
    expect(outcomeOf(check, makeBundle({ pages: [makePage()] }))).toBe('not_applicable');
  });

  it('reports each uncovered WCAG rule once, sorted by rule, with its own severity and criteria', () => {
    const pages = [auditedPage('/', [target, dl, REGION_BEST_PRACTICE]), auditedPage('/faq', [dl, deprecated])];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings.map((f) => [f.evidence!.rule, f.severity, f.evidence!.pages_total])).toEqual([
      ['aria-deprecated-role', 'info', 1],
      ['definition-list', 'warning', 2],
      ['target-size', 'warning', 1],
    ]);
    expect(findings[1]!.title).toBe('Definition lists must only directly contain dt and dd groups (axe: definition-list): 2 elements on 2 pages');
    expect(findings[2]!.evidence).toMatchObject({ wcag: ['2.5.8'], levels: ['WCAG 2.2 AA'] });
  });

  it('passes a realistic clean page', () => {
    expect(findingsOf(check, makeBundle({ pages: [auditedPage('/', [REGION_BEST_PRACTICE])] }))).toEqual([]);
  });

  it('shares the registry with the dedicated checks: sorted, unique ids, one check per covered rule', () => {
    const ids = a11yChecks.map((c) => c.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('a11y.other_wcag_violations');
    // The axe family: one check per covered rule (the DOM-based a11y checks are not axe rules).
    expect(a11yChecks.filter((c) => 'axeRule' in c).length).toBe(DEDICATED_RULES.size);
    for (const rule of DEDICATED_RULES) expect(ids).toContain(`a11y.${rule.replace(/-/g, '_')}`);
  });
});
