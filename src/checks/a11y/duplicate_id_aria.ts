// Accessible: duplicate ids referenced by labels or ARIA (axe-core `duplicate-id-aria`, WCAG 4.1.2, level A).
// axe 4.14 only files this rule for review, so the duplicate is also verified from the DOM snapshot.
import { axeRuleCheck } from './support/axe-rule.js';
import { duplicateIdViolation } from './support/snapshot-ids.js';

export const check = axeRuleCheck('duplicate-id-aria', {
  title: 'Duplicate ids referenced by labels or ARIA',
  impact: 'A label or ARIA reference may point at the wrong element, so fields and controls get the wrong name.',
  axeImpact: 'critical',
  // The second element gets the first one's label or description: often the same text in a repeated
  // component, sometimes the wrong one. A barrier to fix, not a blocker.
  maxSeverity: 'warning',
  supplement: duplicateIdViolation,
  supplementReads: ['html'],
});

export const meta = check.meta;
export const run = check.run;
