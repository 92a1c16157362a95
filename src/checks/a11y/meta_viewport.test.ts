import { check } from './meta_viewport.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'meta-viewport',
  impact: 'moderate',
  node: {
    target: 'meta[name="viewport"]',
    html: '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">',
    summary: 'Fix any of the following: user-scalable=no on <meta> tag disables zooming on mobile devices',
  },
});
