import { check } from './meta_refresh.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'meta-refresh',
  impact: 'critical',
  node: {
    target: 'meta[http-equiv="refresh"]',
    html: '<meta http-equiv="refresh" content="60">',
    summary: 'Fix all of the following: Delayed refresh under 20 hours must not be used',
  },
});
