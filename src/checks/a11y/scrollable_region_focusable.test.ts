import { check } from './scrollable_region_focusable.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'scrollable-region-focusable',
  impact: 'serious',
  node: {
    target: '.table-wrap',
    html: '<div class="table-wrap">',
    summary: 'Fix any of the following: Element should have focusable content; Element should be focusable',
  },
});
