import { check } from './aria_roles.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-roles',
  impact: 'critical',
  node: {
    target: 'div[role="buton"]',
    html: '<div role="buton">Buy</div>',
    summary: 'Fix all of the following: Role must be one of the valid ARIA roles: buton',
  },
});
