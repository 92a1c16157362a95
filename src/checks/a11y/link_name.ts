// Accessible: links without discernible text (axe-core `link-name`, WCAG 2.4.4, 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('link-name', {
  title: 'Links without discernible text',
  impact: 'Screen reader users hear "link" or a URL, so icon and image links (social icons, logos) are meaningless to them.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
