import { check } from './aria_required_parent.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-required-parent',
  impact: 'critical',
  node: {
    target: 'button[role="tab"]',
    html: '<button role="tab" aria-selected="true">Details</button>',
    summary: 'Fix any of the following: Required ARIA parent role not present: tablist',
  },
});
