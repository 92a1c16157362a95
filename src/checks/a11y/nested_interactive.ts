// Accessible: interactive controls nested inside each other (axe-core `nested-interactive`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('nested-interactive', {
  title: 'Interactive controls nested inside each other',
  impact: 'Screen readers may not announce the inner control, and keyboard focus behaves unpredictably.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
