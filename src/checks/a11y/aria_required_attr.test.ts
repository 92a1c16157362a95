import { check } from './aria_required_attr.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-required-attr',
  impact: 'critical',
  node: {
    target: 'div[role="checkbox"]',
    html: '<div role="checkbox">Subscribe</div>',
    summary: 'Fix any of the following: Required ARIA attribute not present: aria-checked',
  },
});
