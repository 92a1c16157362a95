// Accessible: frames without a title (axe-core `frame-title`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('frame-title', {
  title: 'Frames without a title',
  impact: 'Screen reader users cannot tell what an embedded map, video or form is before entering it.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
