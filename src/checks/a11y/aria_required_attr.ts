// Accessible: aRIA roles missing required attributes (axe-core `aria-required-attr`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-required-attr', {
  title: 'ARIA roles missing required attributes',
  impact: 'Widgets announce an incomplete state (no checked state, no value), so users cannot operate them.',
  axeImpact: 'critical',
  // A heading without aria-level (Sphinx's `<p class="caption" role="heading">`) is still announced as a
  // heading, at level 2 (browsers' and ARIA 1.3's default): its level is wrong, nothing is inoperable.
  lesser: (n) => /role=["']?heading\b/i.test(n.html) && /aria-level/i.test(n.summary) && !/aria-(?!level)[a-z]+/i.test(n.summary.replace(/^[^:]*:/, '')),
});

export const meta = check.meta;
export const run = check.run;
