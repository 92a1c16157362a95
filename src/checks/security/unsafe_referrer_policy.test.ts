import { describe, expect, it } from 'vitest';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './unsafe_referrer_policy.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.unsafe_referrer_policy', () => {
  it.each([['strict-origin-when-cross-origin'], ['no-referrer'], ['same-origin'], ['origin'], ['unsafe-url, strict-origin']])('passes: %s', (value) => {
    expect(findingsOf(check, site(doc('/', { 'referrer-policy': value })))).toEqual([]);
  });

  it('passes a page with no policy (missing_referrer_policy reports it)', () => {
    expect(findingsOf(check, site(doc('/', {})))).toEqual([]);
  });

  it('flags unsafe-url and no-referrer-when-downgrade, from header or meta', () => {
    const pages = [
      doc('/', { 'referrer-policy': 'unsafe-url' }),
      doc('/b', {}, { dom: makeDom({ meta: [{ name: 'referrer', property: null, http_equiv: null, content: 'no-referrer-when-downgrade' }] }) }),
    ];
    const [f] = findingsOf(check, site(...pages));
    expect(f).toMatchObject({ check_id: 'security.unsafe_referrer_policy', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ policies: ['unsafe-url', 'no-referrer-when-downgrade'], pages_total: 2 });
    expect(f!.evidence!.values).toEqual([
      { value: 'header: unsafe-url', pages: ['https://example.com/'], pages_total: 1 },
      { value: 'meta: no-referrer-when-downgrade', pages: ['https://example.com/b'], pages_total: 1 },
    ]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
