// Accessible: aRIA attributes not allowed on the element's role (axe-core `aria-allowed-attr`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-allowed-attr', {
  title: 'ARIA attributes not allowed on the element\'s role',
  impact: 'Screen readers announce states that do not exist for the control, or ignore the attribute, misleading their users.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
