import { check } from './aria_required_children.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-required-children',
  impact: 'critical',
  node: {
    target: 'ul[role="tablist"]',
    html: '<ul role="tablist"><li><a href="#a">A</a></li></ul>',
    summary: 'Fix any of the following: Element has children which are not allowed: li[tabindex]',
  },
});
