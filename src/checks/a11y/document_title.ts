// Accessible: pages without a title (axe-core `document-title`, WCAG 2.4.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('document-title', {
  title: 'Pages without a title',
  impact: 'Screen reader users hear no page name on arrival, and every tab and bookmark of the page looks the same.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
