import { check } from './aria_valid_attr.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-valid-attr',
  impact: 'critical',
  node: {
    target: 'button.close',
    html: '<button class="close" aria-lable="Close">×</button>',
    summary: 'Fix any of the following: Invalid ARIA attribute name: aria-lable',
  },
});
