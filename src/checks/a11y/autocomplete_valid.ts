// Accessible: form fields with an invalid autocomplete value (axe-core `autocomplete-valid`, WCAG 1.3.5, level AA).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('autocomplete-valid', {
  title: 'Form fields with an invalid autocomplete value',
  impact: 'Browsers and assistive tools cannot fill or identify personal-data fields, making forms harder to complete.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
