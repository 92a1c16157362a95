import { check } from './input_image_alt.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'input-image-alt',
  impact: 'critical',
  node: {
    target: 'input[type="image"]',
    html: '<input type="image" src="/img/go.png">',
    summary: 'Fix any of the following: Element has no alt attribute; aria-label attribute does not exist or is empty',
  },
});
