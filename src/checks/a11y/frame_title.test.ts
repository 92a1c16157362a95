import { check } from './frame_title.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'frame-title',
  impact: 'serious',
  node: {
    target: 'iframe',
    html: '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315"></iframe>',
    summary: 'Fix any of the following: Element has no title attribute; aria-label attribute does not exist or is empty',
  },
});
