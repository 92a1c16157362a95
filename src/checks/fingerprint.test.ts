import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './fingerprint.js';

describe('fingerprintOf', () => {
  it('is the same when only the numbers (and their plural) changed', () => {
    expect(fingerprintOf('seo.canonical_missing', '*', '1 page without a canonical URL')).toBe(fingerprintOf('seo.canonical_missing', '*', '3 pages without a canonical URL'));
    expect(fingerprintOf('x.y', '/a', '2 distinct first-party console error(s)')).toBe(fingerprintOf('x.y', '/a', '1 distinct first-party console error'));
  });
  it('differs by check, page and subject', () => {
    const base = fingerprintOf('http.error_status', '/a', 'Server error 500 on /a');
    expect(fingerprintOf('http.error_status', '/b', 'Server error 500 on /b')).not.toBe(base);
    expect(fingerprintOf('links.broken_internal', '/a', 'Server error 500 on /a')).not.toBe(base);
    expect(fingerprintOf('http.error_status', '/a', 'Server error 500 on /a')).toBe(base);
  });
  it('takes a named subject as it is, digits included, and never as a title', () => {
    expect(fingerprintOf('a11y.duplicate_id', '*', 'The id "fn-2" is used by 2 elements', 'id fn-2')).not.toBe(fingerprintOf('a11y.duplicate_id', '*', 'The id "fn-3" is used by 2 elements', 'id fn-3'));
    expect(fingerprintOf('a11y.duplicate_id', '*', 'The id "fn-2" is used by 2 elements', 'id fn-2')).toBe(fingerprintOf('a11y.duplicate_id', '*', 'The id "fn-2" is used by 3 elements on 4 pages', 'id fn-2'));
    expect(fingerprintOf('x.y', '/', 'id main', 'id main')).not.toBe(fingerprintOf('x.y', '/', 'id main'));
    // Without a subject, fingerprints stay what monitors stored before subjects existed.
    expect(fingerprintOf('seo.canonical_missing', '*', '3 pages without a canonical URL')).toBe('beff251b735c338e');
  });
});
