// Accessible: aRIA items outside their required container (axe-core `aria-required-parent`, WCAG 1.3.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-required-parent', {
  title: 'ARIA items outside their required container',
  impact: 'Items such as tabs or list items are not announced as part of a group, so their position and count are lost.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
