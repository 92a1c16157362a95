import { check } from './list.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'list',
  impact: 'serious',
  node: {
    target: 'ul.features',
    html: '<ul class="features"><div class="feature">Fast</div>',
    summary: 'Fix all of the following: List element has direct children that are not allowed: div',
  },
});
