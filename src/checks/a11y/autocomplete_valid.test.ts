import { check } from './autocomplete_valid.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'autocomplete-valid',
  impact: 'serious',
  node: {
    target: '#email',
    html: '<input id="email" type="email" autocomplete="e-mail">',
    summary: 'Fix all of the following: the autocomplete attribute is incorrectly formatted',
  },
});
