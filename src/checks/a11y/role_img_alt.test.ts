import { check } from './role_img_alt.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'role-img-alt',
  impact: 'serious',
  node: {
    target: 'span.flag-de',
    html: '<span role="img" class="flag-de"></span>',
    summary: 'Fix any of the following: aria-label attribute does not exist or is empty; aria-labelledby attribute does not exist; Element has no title attribute',
  },
});
