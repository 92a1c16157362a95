import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { auditedPage, violation } from './support/axe-test-data.js';
import { check } from './label.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'label',
  impact: 'critical',
  node: {
    target: '#newsletter-email',
    html: '<input id="newsletter-email" type="email" placeholder="Your email">',
    summary: 'Fix any of the following: Form element does not have an implicit (wrapped) <label>; Form element does not have an explicit <label>; aria-label attribute does not exist or is empty',
  },
});

describe('a11y.label: task-list checkboxes', () => {
  const box = (html: string) => ({ target: 'li > input', html, summary: 'Fix any of the following: Form element does not have an implicit (wrapped) <label>' });
  const failing = (nodes: ReturnType<typeof box>[]) => violation('label', { impact: 'critical', tags: ['cat.forms', 'wcag2a', 'wcag412'], nodes });

  it('are at most a warning when every unnamed field is a disabled checkbox (a Markdown task list)', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/tasks/', [failing([box('<input type="checkbox" checked="" disabled="">'), box('<input type="checkbox" disabled="">')])])] }));
    expect(f).toMatchObject({ severity: 'warning' });
  });

  it('stay critical beside a field someone fills in', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/tasks/', [failing([box('<input type="checkbox" disabled="">'), box('<input type="email" name="email">')])])] }));
    expect(f).toMatchObject({ severity: 'critical' });
  });
});
