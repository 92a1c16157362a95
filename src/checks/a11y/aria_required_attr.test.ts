import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { auditedPage, violation } from './support/axe-test-data.js';
import { check } from './aria_required_attr.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'aria-required-attr',
  impact: 'critical',
  node: {
    target: 'div[role="checkbox"]',
    html: '<div role="checkbox">Subscribe</div>',
    summary: 'Fix any of the following: Required ARIA attribute not present: aria-checked',
  },
});


describe('a11y.aria_required_attr: a heading without aria-level', () => {
  const node = (html: string, missing: string) => ({ target: html.slice(1, 8), html, summary: `Fix any of the following:\n  Required ARIA attribute not present: ${missing}` });
  const caption = node('<p class="caption" role="heading"><span class="caption-text">Getting started</span></p>', 'aria-level');
  const checkbox = node('<div role="checkbox">Subscribe</div>', 'aria-checked');
  const finding = (...nodes: ReturnType<typeof node>[]) =>
    findingsOf(check, makeBundle({ pages: [auditedPage('/', [violation('aria-required-attr', { impact: 'critical', nodes, total: nodes.length })])] }))[0];

  it('is a warning when every element is a heading lacking only its level (announced at level 2)', () => {
    expect(finding(caption, caption)).toMatchObject({ severity: 'warning' });
  });

  it('stays critical when a widget lacks its state', () => {
    expect(finding(caption, checkbox)).toMatchObject({ severity: 'critical' });
    expect(finding(checkbox)).toMatchObject({ severity: 'critical' });
  });
});
