// Accessible: the whole page is hidden from assistive technology (axe-core `aria-hidden-body`, WCAG 1.3.1, 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-hidden-body', {
  title: 'The whole page is hidden from assistive technology',
  impact: 'With aria-hidden on <body>, screen readers find no content at all on the page.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
