// Accessible: aRIA attributes with invalid values (axe-core `aria-valid-attr-value`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-valid-attr-value', {
  title: 'ARIA attributes with invalid values',
  impact: 'References to missing ids or invalid tokens break labels, descriptions and states for screen reader users.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
