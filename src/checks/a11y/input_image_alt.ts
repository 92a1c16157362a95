// Accessible: image buttons without alternative text (axe-core `input-image-alt`, WCAG 1.1.1, 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('input-image-alt', {
  title: 'Image buttons without alternative text',
  impact: 'Graphical submit buttons are announced without a name, so screen reader users cannot tell what they do.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
