// Accessible: custom input fields without a name (axe-core `aria-input-field-name`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-input-field-name', {
  title: 'Custom input fields without a name',
  impact: 'Screen reader users reach a combobox, slider or textbox that is announced without any label.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
