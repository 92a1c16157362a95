import { check } from './aria_input_field_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-input-field-name',
  impact: 'serious',
  node: {
    target: '#country-picker',
    html: '<div id="country-picker" role="combobox" aria-expanded="false"></div>',
    summary: 'Fix any of the following: aria-label attribute does not exist or is empty; aria-labelledby attribute does not exist',
  },
});
