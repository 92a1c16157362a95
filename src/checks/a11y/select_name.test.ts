import { check } from './select_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'select-name',
  impact: 'critical',
  node: {
    target: '#sort',
    html: '<select id="sort" name="sort">',
    summary: 'Fix any of the following: Form element does not have an implicit (wrapped) <label>; Form element does not have an explicit <label>; aria-label attribute does not exist or is empty',
  },
});
