// Accessible: images without alternative text (axe-core `image-alt`, WCAG 1.1.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('image-alt', {
  title: 'Images without alternative text',
  impact: 'Screen reader users miss what informative images show, or hear the file name read out instead.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
