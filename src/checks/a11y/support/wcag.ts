// Reading axe-core tags: which WCAG success criteria and conformance levels a rule maps to, and how
// axe's impact scale becomes a finding severity.
import type { Severity } from '../../types.js';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/**
 * axe's impact levels, as Deque defines them: critical blocks some users from the content outright,
 * serious is a serious barrier, moderate makes content harder to use, minor is a nuisance.
 * A blocker is broken for the people it hits (critical); serious and moderate barriers are WCAG
 * failures to fix (warning); what axe itself rates minor is worth knowing but never moves a grade.
 */
export const IMPACT_SEVERITY: Record<AxeImpact, Severity> = {
  critical: 'critical',
  serious: 'warning',
  moderate: 'warning',
  minor: 'info',
};

const IMPACT_ORDER: AxeImpact[] = ['minor', 'moderate', 'serious', 'critical'];

/** The worse of two impacts (null when neither is known). */
export function worseImpact(a: AxeImpact | null, b: AxeImpact | null): AxeImpact | null {
  if (a === null) return b;
  if (b === null) return a;
  return IMPACT_ORDER.indexOf(a) >= IMPACT_ORDER.indexOf(b) ? a : b;
}

const LEVEL_TAGS: Record<string, string> = {
  wcag2a: 'WCAG 2.0 A',
  wcag2aa: 'WCAG 2.0 AA',
  wcag21a: 'WCAG 2.1 A',
  wcag21aa: 'WCAG 2.1 AA',
  wcag22a: 'WCAG 2.2 A',
  wcag22aa: 'WCAG 2.2 AA',
};

/** True when a rule belongs to WCAG 2.0/2.1/2.2 level A or AA (the rules siteqa grades). */
export function isWcagAOrAA(tags: readonly string[]): boolean {
  return tags.some((t) => t in LEVEL_TAGS);
}

/** Conformance levels a rule is tagged with, e.g. ["WCAG 2.0 AA"]. */
export function wcagLevels(tags: readonly string[]): string[] {
  return tags.filter((t) => t in LEVEL_TAGS).map((t) => LEVEL_TAGS[t]!);
}

/**
 * Success criteria from tags like "wcag143" → "1.4.3" and "wcag1412" → "1.4.12". Level tags
 * (wcag2a, wcag21aa) and AAA tags are not criteria.
 */
export function wcagCriteria(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const m = /^wcag(\d)(\d)(\d{1,2})$/.exec(t);
    if (m && !(t in LEVEL_TAGS)) out.push(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return out;
}
