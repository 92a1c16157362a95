import { check } from './html_lang_valid.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'html-lang-valid',
  impact: 'serious',
  node: {
    target: 'html',
    html: '<html lang="english">',
    summary: 'Fix all of the following: Value of lang attribute not included in the list of valid languages',
  },
});
