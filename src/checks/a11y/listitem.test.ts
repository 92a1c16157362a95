import { check } from './listitem.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'listitem',
  impact: 'serious',
  node: {
    target: '.menu > li:nth-child(1)',
    html: '<li><a href="/">Home</a></li>',
    summary: 'Fix any of the following: List item does not have a <ul>, <ol> parent element',
  },
});
