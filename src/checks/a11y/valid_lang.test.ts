import { check } from './valid_lang.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'valid-lang',
  impact: 'serious',
  node: {
    target: 'p > span:nth-child(2)',
    html: '<span lang="de_DE">Danke</span>',
    summary: 'Fix all of the following: Value of lang attribute not included in the list of valid languages',
  },
});
