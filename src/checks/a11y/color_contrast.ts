// Accessible: text has too little contrast against its background (axe-core `color-contrast`, WCAG 1.4.3, level AA).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('color-contrast', {
  title: 'Text has too little contrast against its background',
  impact: 'Low-contrast text is hard or impossible to read for people with low vision, colour-vision deficiencies, or anyone on a phone in sunlight.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
