// Accessible: list items outside a list (axe-core `listitem`, WCAG 1.3.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('listitem', {
  title: 'List items outside a list',
  impact: 'Items are not announced as part of a list, so their grouping and count are lost.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
