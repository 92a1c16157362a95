// Accessible: parts of the page declare an invalid language (axe-core `valid-lang`, WCAG 3.1.2, level AA).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('valid-lang', {
  title: 'Parts of the page declare an invalid language',
  impact: 'Screen readers cannot switch to the right voice for passages in another language.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
