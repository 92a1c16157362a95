// Accessible: invalid ARIA role values (axe-core `aria-roles`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-roles', {
  title: 'Invalid ARIA role values',
  impact: 'An invalid role is ignored or misread, so the element is announced as something it is not.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
