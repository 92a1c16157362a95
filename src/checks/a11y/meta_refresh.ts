// Accessible: the page refreshes or redirects itself on a timer (axe-core `meta-refresh`, WCAG 2.2.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('meta-refresh', {
  title: 'The page refreshes or redirects itself on a timer',
  impact: 'Content changes or disappears before people who read slowly or use screen readers have finished with it.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
