import { check } from './color_contrast.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'color-contrast',
  impact: 'serious',
  node: {
    target: 'footer p.muted',
    html: '<p class="muted">© 2026 Example Ltd</p>',
    summary: 'Fix any of the following: Element has insufficient color contrast of 2.32 (foreground color: #aaaaaa, background color: #ffffff, font size: 9.8pt (13px), font weight: normal). Expected contrast ratio of 4.5:1',
  },
});
