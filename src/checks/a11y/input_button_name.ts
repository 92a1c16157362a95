// Accessible: input buttons without a name (axe-core `input-button-name`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('input-button-name', {
  title: 'Input buttons without a name',
  impact: 'Screen reader users hear "button" with no action, so they cannot submit or reset forms confidently.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
