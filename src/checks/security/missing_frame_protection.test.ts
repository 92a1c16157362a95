import { describe, expect, it } from 'vitest';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './missing_frame_protection.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_frame_protection', () => {
  it.each([
    ['X-Frame-Options: DENY', { 'x-frame-options': 'DENY' }],
    ['X-Frame-Options: sameorigin', { 'x-frame-options': 'sameorigin' }],
    ["CSP frame-ancestors 'none'", { 'content-security-policy': "frame-ancestors 'none'" }],
    ['CSP frame-ancestors with a partner', { 'content-security-policy': "default-src 'self'; frame-ancestors 'self' https://partner.test" }],
  ])('passes: %s', (_name, headers) => {
    expect(findingsOf(check, site(doc('/', headers)))).toEqual([]);
  });

  it.each([
    ['no header at all', {}],
    ['obsolete ALLOW-FROM', { 'x-frame-options': 'ALLOW-FROM https://partner.test' }],
    ['conflicting values', { 'x-frame-options': 'DENY, ALLOWALL' }],
    ['frame-ancestors *', { 'content-security-policy': 'frame-ancestors *' }],
  ])('flags %s', (_name, headers) => {
    const [f] = findingsOf(check, site(doc('/', headers)));
    expect(f).toMatchObject({ check_id: 'security.missing_frame_protection', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/'], pages_checked: 1 });
  });

  it('ignores frame-ancestors in a meta policy (browsers do) and reports ignored X-Frame-Options values', () => {
    const page = doc('/', { 'x-frame-options': 'ALLOW-FROM https://a.test' }, {
      dom: makeDom({ meta: [{ name: null, property: null, http_equiv: 'Content-Security-Policy', content: "frame-ancestors 'none'" }] }),
    });
    const [f] = findingsOf(check, site(page));
    expect(f!.evidence!.ignored_x_frame_options).toEqual([{ value: 'ALLOW-FROM https://a.test', pages: ['https://example.com/'], pages_total: 1 }]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/'), hardened('/contact')))).toEqual([]);
  });
});
