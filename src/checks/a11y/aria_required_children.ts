// Accessible: aRIA containers missing their required children (axe-core `aria-required-children`, WCAG 1.3.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-required-children', {
  title: 'ARIA containers missing their required children',
  impact: 'Lists, menus, tabs and grids are announced wrongly or not at all when their structure is incomplete.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
