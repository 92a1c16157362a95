// Accessible: aRIA buttons, links or menu items without a name (axe-core `aria-command-name`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-command-name', {
  title: 'ARIA buttons, links or menu items without a name',
  impact: 'Screen reader users hear only "button" or "link" and cannot tell what the control does.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
