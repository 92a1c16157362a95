import { check } from './bypass.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'bypass',
  impact: 'serious',
  node: {
    target: 'html',
    html: '<html lang="en">',
    summary: 'Fix any of the following: No valid skip link found; Page does not have a heading; Page does not have a main landmark',
  },
});
