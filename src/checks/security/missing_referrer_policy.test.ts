import { describe, expect, it } from 'vitest';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './missing_referrer_policy.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_referrer_policy', () => {
  it.each([
    ['a header', doc('/', { 'referrer-policy': 'no-referrer' })],
    ['a meta tag', doc('/', {}, { dom: makeDom({ meta: [{ name: 'referrer', property: null, http_equiv: null, content: 'same-origin' }] }) })],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('lists pages without a policy as info (the browser default is safe)', () => {
    const [f] = findingsOf(check, site(doc('/', {}), doc('/a', { 'referrer-policy': 'nonsense' })));
    expect(f).toMatchObject({ check_id: 'security.missing_referrer_policy', severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/', 'https://example.com/a'], pages_checked: 2 });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
