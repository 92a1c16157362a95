import { check } from './aria_hidden_focus.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-hidden-focus',
  impact: 'serious',
  node: {
    target: '.slide:nth-child(2) > a',
    html: '<a href="/offer">Shop now</a>',
    summary: 'Fix all of the following: Focusable content should have tabindex="-1" or be removed from the DOM',
  },
});
