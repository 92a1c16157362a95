import { check } from './input_button_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'input-button-name',
  impact: 'critical',
  node: {
    target: 'input[type="submit"]',
    html: '<input type="submit" value="" class="btn-arrow">',
    summary: 'Fix any of the following: Element has a value attribute and the value attribute is empty; aria-label attribute does not exist or is empty',
  },
});
