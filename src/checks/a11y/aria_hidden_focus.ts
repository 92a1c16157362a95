// Accessible: hidden elements can still receive keyboard focus (axe-core `aria-hidden-focus`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-hidden-focus', {
  title: 'Hidden elements can still receive keyboard focus',
  impact: 'Keyboard and screen reader users tab into controls that are announced as nothing, and get lost.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
