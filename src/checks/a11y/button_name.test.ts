import { check } from './button_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'button-name',
  impact: 'critical',
  node: {
    target: '.menu-toggle',
    html: '<button class="menu-toggle"><svg viewBox="0 0 24 24"><path d="M3 6h18"></path></svg></button>',
    summary: 'Fix any of the following: Element does not have inner text that is visible to screen readers; aria-label attribute does not exist or is empty; Element has no title attribute',
  },
});
