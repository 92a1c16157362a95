import { check } from './svg_img_alt.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'svg-img-alt',
  impact: 'serious',
  node: {
    target: 'header svg',
    html: '<svg role="img" viewBox="0 0 120 24" class="logo">',
    summary: 'Fix any of the following: Element has no child that is a title; aria-label attribute does not exist or is empty',
  },
});
