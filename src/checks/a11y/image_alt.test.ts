import { check } from './image_alt.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'image-alt',
  impact: 'critical',
  node: {
    target: '.hero > img',
    html: '<img src="/images/team-2025.jpg" class="hero-img">',
    summary: 'Fix any of the following: Element does not have an alt attribute; aria-label attribute does not exist or is empty; Element\'s default semantics were not overridden with role="none" or role="presentation"',
  },
});
