// Accessible: aRIA attributes prohibited on the element (axe-core `aria-prohibited-attr`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-prohibited-attr', {
  title: 'ARIA attributes prohibited on the element',
  impact: 'Names or states set on elements that cannot have them are dropped or read inconsistently by screen readers.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
