import { describe, expect, it } from 'vitest';
import { findingsOf, makeRequest } from '../test-support.js';
import { check } from './cookie_missing_secure.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.cookie_missing_secure', () => {
  it.each([
    ['Secure cookies', doc('/', { 'set-cookie': 'sid=1; Secure; HttpOnly' })],
    ['a cookie set over plain HTTP (the missing HTTPS is the problem)', doc('http://example.com/', { 'set-cookie': 'sid=1' })],
    ['a cookie being deleted', doc('/', { 'set-cookie': 'sid=; Max-Age=0' })],
    ['an AWS load-balancer cookie', doc('/', { 'set-cookie': 'AWSALB=abc; Path=/' })],
    ['a third-party cookie', doc('/', {}, { requests: [makeRequest({ url: 'https://ads.test/p', response_headers: { 'set-cookie': 'uid=1' } })] })],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('flags server cookies without Secure as a warning, with the header (value hidden)', () => {
    const [f] = findingsOf(check, site(doc('/', { 'set-cookie': 'PHPSESSID=abc123; path=/; HttpOnly\nlang=en; path=/' })));
    expect(f).toMatchObject({ check_id: 'security.cookie_missing_secure', severity: 'warning' });
    expect(f!.evidence!.cookies).toEqual([
      { name: 'PHPSESSID', session_like: true, protected_by_hsts: false, set_by: 'https://example.com/', set_cookie: 'PHPSESSID=<6 chars>; path=/; HttpOnly', pages: 1 },
      expect.objectContaining({ name: 'lang', session_like: false }),
    ]);
  });

  it('is info when HSTS keeps the browser off plain HTTP for that host', () => {
    const page = doc('/', { 'strict-transport-security': 'max-age=31536000', 'set-cookie': 'lang=en; path=/' });
    expect(findingsOf(check, site(page))[0]!.severity).toBe('info');
    const wide = doc('/', { 'strict-transport-security': 'max-age=31536000', 'set-cookie': 'lang=en; Domain=example.com' });
    expect(findingsOf(check, site(wide))[0]!.severity).toBe('warning');
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/'), hardened('/account')))).toEqual([]);
  });
});
