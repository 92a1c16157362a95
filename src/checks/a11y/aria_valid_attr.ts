// Accessible: misspelled or invented ARIA attributes (axe-core `aria-valid-attr`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-valid-attr', {
  title: 'Misspelled or invented ARIA attributes',
  impact: 'Attributes that are not part of ARIA are ignored, so the label or state they were meant to give is missing.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
