import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './missing_nosniff.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_nosniff', () => {
  it.each([['nosniff'], ['NoSniff'], ['nosniff, nosniff']])('passes: %s', (value) => {
    expect(findingsOf(check, site(doc('/', { 'x-content-type-options': value })))).toEqual([]);
  });

  it('flags missing or invalid values as info, listing pages', () => {
    const [f] = findingsOf(check, site(doc('/', {}), doc('/a', { 'x-content-type-options': 'sniff' }), hardened('/ok')));
    expect(f).toMatchObject({ check_id: 'security.missing_nosniff', severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/', 'https://example.com/a'], pages_checked: 3, values_seen: ['sniff'] });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
