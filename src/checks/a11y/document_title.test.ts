import { check } from './document_title.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'document-title',
  impact: 'serious',
  node: {
    target: 'html',
    html: '<html lang="en">',
    summary: 'Fix any of the following: Document does not have a non-empty <title> element',
  },
});
