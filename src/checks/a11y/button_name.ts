// Accessible: buttons without an accessible name (axe-core `button-name`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('button-name', {
  title: 'Buttons without an accessible name',
  impact: 'Screen reader users hear only "button", so they cannot tell what icon buttons like close, menu or search do.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
