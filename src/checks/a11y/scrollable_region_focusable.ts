// Accessible: scrollable areas cannot be scrolled with the keyboard (axe-core `scrollable-region-focusable`, WCAG 2.1.1, 2.1.3, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('scrollable-region-focusable', {
  title: 'Scrollable areas cannot be scrolled with the keyboard',
  impact: 'Keyboard users cannot read content that overflows a scroll box, such as code samples, tables or chat panes.',
  axeImpact: 'serious',
});

export const meta = check.meta;
export const run = check.run;
