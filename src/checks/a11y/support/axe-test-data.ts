// Builders of axe evidence for the accessibility check tests (test-only; production code never imports it).
import type { AccessibilityRecord, AxeViolation, PageEvidence } from '../../../evidence/types.js';
import { makePage } from '../../test-support.js';

export type AxeNode = AxeViolation['nodes'][number];

export function violation(id: string, over: Partial<AxeViolation> = {}): AxeViolation {
  const nodes = over.nodes ?? [{ target: 'main > div', html: '<div></div>', summary: 'Fix any of the following: …' }];
  return {
    id,
    impact: 'serious',
    help: `${id} help`,
    help_url: `https://dequeuniversity.com/rules/axe/4.14/${id}?application=axeAPI`,
    tags: ['cat.test', 'wcag2a', 'wcag412'],
    total: nodes.length,
    nodes,
    ...over,
  };
}

export function axeRecord(violations: AxeViolation[], over: Partial<AccessibilityRecord> = {}): AccessibilityRecord {
  return { engine: 'axe-core 4.14.1', violations, passes: 42, incomplete: 3, error: null, ...over };
}

/** A loaded page at `path` whose axe run found `violations`. */
export function auditedPage(path: string, violations: AxeViolation[], over: Partial<PageEvidence> = {}): PageEvidence {
  return makePage({
    url: `https://example.com${path}`,
    depth: path === '/' ? 0 : 1,
    accessibility: axeRecord(violations),
    ...over,
  });
}

/** A best-practice violation (not WCAG) that real pages often have; no WCAG check may report it. */
export const REGION_BEST_PRACTICE = violation('region', {
  impact: 'moderate',
  tags: ['cat.keyboard', 'best-practice'],
  nodes: [{ target: 'body > div.cookie', html: '<div class="cookie">', summary: 'Fix any of the following: Some page content is not contained by landmarks' }],
});
