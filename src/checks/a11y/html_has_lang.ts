// Accessible: page language not declared (axe-core `html-has-lang`, WCAG 3.1.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('html-has-lang', {
  title: 'Page language not declared',
  impact: 'Screen readers read the text with the wrong voice and pronunciation, and translation tools guess the language.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
