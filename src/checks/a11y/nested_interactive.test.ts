import { check } from './nested_interactive.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'nested-interactive',
  impact: 'serious',
  node: {
    target: '.card > a',
    html: '<a href="/product/42" class="card-link"><button>Add to cart</button></a>',
    summary: 'Fix any of the following: Element has focusable descendants',
  },
});
