import { check } from './aria_hidden_body.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-hidden-body',
  impact: 'critical',
  node: {
    target: 'body',
    html: '<body aria-hidden="true" class="modal-open">',
    summary: 'Fix any of the following: The body element has aria-hidden="true"',
  },
});
