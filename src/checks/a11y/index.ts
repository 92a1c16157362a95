// The a11y checks, listed for the registry (sorted by id): one check per important axe-core rule
// (see support/dedicated.ts) plus the catch-all for every other WCAG A/AA rule.
import type { Check } from '../types.js';
import { check as otherWcagViolations } from './other_wcag_violations.js';
import { dedicatedAxeChecks } from './support/dedicated.js';

export const a11yChecks: Check[] = [...dedicatedAxeChecks, otherWcagViolations].sort((a, b) =>
  a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0,
);
