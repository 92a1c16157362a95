// Accessible: zooming is disabled on mobile (axe-core `meta-viewport`, WCAG 1.4.4, level AA).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('meta-viewport', {
  title: 'Zooming is disabled on mobile',
  impact: 'People with low vision cannot pinch-zoom to read the text.',
  axeImpact: 'moderate',
});

export const meta = check.meta;
export const run = check.run;
