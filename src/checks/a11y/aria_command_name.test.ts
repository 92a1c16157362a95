import { check } from './aria_command_name.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-command-name',
  impact: 'serious',
  node: {
    target: 'div.icon-close',
    html: '<div role="button" class="icon-close"></div>',
    summary: 'Fix any of the following: Element does not have text that is visible to screen readers; aria-label attribute does not exist or is empty',
  },
});
