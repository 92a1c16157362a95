// Accessible: drop-down lists without a label (axe-core `select-name`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('select-name', {
  title: 'Drop-down lists without a label',
  impact: 'Screen reader users hear the current option but not what the choice is for.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
