import { check } from './link_in_text_block.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'link-in-text-block',
  impact: 'serious',
  node: {
    target: 'article p > a',
    html: '<a href="/terms">terms of service</a>',
    summary: 'Fix any of the following: The link has insufficient color contrast of 1.26:1 with the surrounding text. (Minimum contrast is 3:1, link text: #3a3a9a, surrounding text: #333333)',
  },
});
