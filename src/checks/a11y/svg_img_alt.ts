// Accessible: sVG images without a text alternative (axe-core `svg-img-alt`, WCAG 1.1.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('svg-img-alt', {
  title: 'SVG images without a text alternative',
  impact: 'Inline SVG logos, charts and icons marked as images are announced without any description.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
