import { check } from './html_has_lang.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'html-has-lang',
  impact: 'serious',
  node: {
    target: 'html',
    html: '<html class="no-js">',
    summary: 'Fix any of the following: The <html> element does not have a lang attribute',
  },
});
