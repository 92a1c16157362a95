import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './weak_hsts.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.weak_hsts', () => {
  it.each([
    ['180 days', 'max-age=15552000'],
    ['two years', 'max-age=63072000; includeSubDomains; preload'],
    ['max-age=0 (missing_hsts reports it)', 'max-age=0'],
  ])('passes: %s', (_name, value) => {
    expect(findingsOf(check, site(doc('/', { 'strict-transport-security': value })))).toEqual([]);
  });

  it('flags a max-age under six months with the value seen', () => {
    const [f] = findingsOf(check, site(doc('/', { 'strict-transport-security': 'max-age=86400' }), doc('/a', { 'strict-transport-security': 'max-age="300"' })));
    expect(f).toMatchObject({ check_id: 'security.weak_hsts', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ shortest_max_age: 300, min_max_age: 15552000, pages_total: 2 });
  });

  it('ignores plain-HTTP pages', () => {
    expect(findingsOf(check, site(doc('http://example.com/', { 'strict-transport-security': 'max-age=60' })))).toEqual([]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
