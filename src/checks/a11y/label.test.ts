import { check } from './label.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'label',
  impact: 'critical',
  node: {
    target: '#newsletter-email',
    html: '<input id="newsletter-email" type="email" placeholder="Your email">',
    summary: 'Fix any of the following: Form element does not have an implicit (wrapped) <label>; Form element does not have an explicit <label>; aria-label attribute does not exist or is empty',
  },
});
