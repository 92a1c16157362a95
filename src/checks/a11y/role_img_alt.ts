// Accessible: elements with role="img" have no text alternative (axe-core `role-img-alt`, WCAG 1.1.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('role-img-alt', {
  title: 'Elements with role="img" have no text alternative',
  impact: 'Screen reader users hear "image" without any description.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
