import { check } from './aria_dialog_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-dialog-name',
  impact: 'serious',
  bestPractice: true,
  node: {
    target: '#map',
    html: '<div id="map" class="modal show" role="dialog" style="display: block;">',
    summary: 'Fix any of the following: aria-label attribute does not exist or is empty; aria-labelledby attribute does not exist, references elements that do not exist or references elements that are empty; Element has no title attribute',
  },
});
