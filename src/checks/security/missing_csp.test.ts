import { describe, expect, it } from 'vitest';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './missing_csp.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_csp', () => {
  it.each([
    ['a header policy', hardened('/')],
    ['a meta policy', hardened('/', { 'content-security-policy': undefined }, { dom: makeDom({ meta: [{ name: null, property: null, http_equiv: 'content-security-policy', content: "default-src 'self'" }] }) })],
    ['a 404 page without CSP (not a 200 document)', doc('/gone', {}, { status: 404 })],
    ['a PDF without CSP', doc('/file.pdf', { 'content-type': 'application/pdf' })],
    ['a third-party page the crawl ended on', doc('https://login.idp.test/', {})],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(hardened('/home'), page))).toEqual([]);
  });

  it('lists the pages without a policy in one finding, noting report-only policies', () => {
    const pages = [
      doc('/', { 'content-security-policy-report-only': "default-src 'self'; report-uri /csp" }),
      doc('/about', {}),
      hardened('/secure'),
    ];
    const [f, ...rest] = findingsOf(check, site(...pages));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'security.missing_csp', section: 'compliant', severity: 'warning' });
    expect(f!.evidence).toMatchObject({
      pages_checked: 3, pages: ['https://example.com/', 'https://example.com/about'], pages_total: 2,
      report_only_pages: 1, report_only_example: "default-src 'self'; report-uri /csp",
    });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/'), hardened('/pricing')))).toEqual([]);
  });
});
