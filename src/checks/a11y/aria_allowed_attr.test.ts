import { check } from './aria_allowed_attr.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-allowed-attr',
  impact: 'critical',
  node: {
    target: 'a[aria-checked]',
    html: '<a href="/cart" aria-checked="true">Cart</a>',
    summary: 'Fix all of the following: ARIA attribute is not allowed: aria-checked="true"',
  },
});
