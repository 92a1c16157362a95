import { check } from './aria_valid_attr_value.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-valid-attr-value',
  impact: 'critical',
  node: {
    target: '#nav-toggle',
    html: '<button id="nav-toggle" aria-expanded="yes">Menu</button>',
    summary: 'Fix all of the following: Invalid ARIA attribute value: aria-expanded="yes"',
  },
});
