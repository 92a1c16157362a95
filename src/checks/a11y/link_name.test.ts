import { check } from './link_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'link-name',
  impact: 'serious',
  node: {
    target: '.social > li:nth-child(1) > a',
    html: '<a href="https://twitter.com/example"><i class="icon-twitter"></i></a>',
    summary: 'Fix all of the following: Element is in tab order and does not have accessible text',
  },
});
