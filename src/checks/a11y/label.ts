// Accessible: form fields without labels (axe-core `label`, WCAG 4.1.2, level A).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('label', {
  title: 'Form fields without labels',
  impact: 'Screen reader and voice-control users cannot tell what to type, so forms like contact, search or checkout become unusable.',
  axeImpact: 'critical',
});

export const meta = check.meta;
export const run = check.run;
