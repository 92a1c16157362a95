// Accessible: lists contain elements other than list items (axe-core `list`, WCAG 1.3.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('list', {
  title: 'Lists contain elements other than list items',
  impact: 'Screen readers announce the wrong number of items, or no list at all.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
