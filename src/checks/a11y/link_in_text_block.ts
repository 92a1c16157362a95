// Accessible: links distinguishable only by colour (axe-core `link-in-text-block`, WCAG 1.4.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('link-in-text-block', {
  title: 'Links distinguishable only by colour',
  impact: 'People who cannot distinguish colours cannot find links inside paragraphs.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
