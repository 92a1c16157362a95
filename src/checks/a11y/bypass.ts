// Accessible: no way to skip past repeated navigation (axe-core `bypass`, WCAG 2.4.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('bypass', {
  title: 'No way to skip past repeated navigation',
  impact: 'Keyboard and screen reader users must step through the whole header and menu on every page to reach the content.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
