// Accessible: form fields without labels (axe-core `label`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('label', {
  title: 'Form fields without labels',
  impact: 'Screen reader and voice-control users cannot tell what to type, so forms like contact, search or checkout become unusable.',
  axeImpact: 'critical',
  // A disabled checkbox is no field anyone fills in: a Markdown task list's `- [x]` marks (GitHub-flavoured
  // Markdown renders `<input type="checkbox" disabled>` beside the item's own text). Still unnamed for a
  // screen reader, so a finding, but no form is blocked: at most a warning.
  lesser: (n) => /^<input\b[^>]*\btype=["']?checkbox\b/i.test(n.html) && /\sdisabled\b/i.test(n.html),
});

export const meta = check.meta;
export const run = check.run;
