// Accessible: aRIA roles missing required attributes (axe-core `aria-required-attr`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-required-attr', {
  title: 'ARIA roles missing required attributes',
  impact: 'Widgets announce an incomplete state (no checked state, no value), so users cannot operate them.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
