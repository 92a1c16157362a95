import { check } from './aria_prohibited_attr.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-prohibited-attr',
  impact: 'serious',
  node: {
    target: '.rating',
    html: '<div class="rating" aria-label="Rated 4 out of 5">★★★★☆</div>',
    summary: 'Fix all of the following: aria-label attribute cannot be used on a div with no valid role attribute.',
  },
});
