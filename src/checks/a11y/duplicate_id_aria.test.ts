import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './duplicate_id_aria.js';
import { axeRuleTable } from './support/axe-rule-table.js';
import { auditedPage } from './support/axe-test-data.js';

axeRuleTable(check, {
  rule: 'duplicate-id-aria',
  impact: 'critical',
  node: {
    target: '#email',
    html: '<input id="email" type="email" name="email">',
    summary: 'Fix any of the following: Document has multiple elements referenced with ARIA with the same id attribute: email',
  },
});

describe('a11y.duplicate_id_aria from the DOM snapshot (axe 4.14 only files it for review)', () => {
  const html = (body: string) => ({ content: `<!DOCTYPE html><html lang="en"><head><title>Join</title></head><body>${body}</body></html>`, bytes: 100, truncated: false });
  const page = (body: string) => auditedPage('/join', [], { html: html(body) });

  it('finds two elements sharing an id that aria-describedby points at, as a warning', () => {
    const body = '<p id="card-help">Digits only</p><input aria-describedby="card-help"><p id="card-help">Again</p>';
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page(body)] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', evidence: expect.objectContaining({ rule: 'duplicate-id-aria', page: 'https://example.com/join', elements: 1 }) });
    expect(JSON.stringify(f!.evidence)).toContain('id \\"card-help\\" is used by 2 elements and referenced by aria-describedby');
  });

  it('passes duplicates nobody references, and references inside scripts or templates', () => {
    const body = '<div id="x"></div><div id="x"></div><template><p id="t"></p><p id="t"></p><input aria-labelledby="t"></template>'
      + '<script>const s = \'<p id="y"></p><p id="y"></p><input aria-labelledby="y">\';</script>';
    expect(findingsOf(check, makeBundle({ pages: [page(body)] }))).toEqual([]);
  });
});
