// Accessible: page language code is invalid (axe-core `html-lang-valid`, WCAG 3.1.1, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('html-lang-valid', {
  title: 'Page language code is invalid',
  impact: 'An unknown language code is ignored, so screen readers fall back to a default voice and mispronounce the page.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
