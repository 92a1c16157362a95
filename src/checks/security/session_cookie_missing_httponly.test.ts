import { describe, expect, it } from 'vitest';
import { findingsOf, makeRequest } from '../test-support.js';
import { check } from './session_cookie_missing_httponly.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.session_cookie_missing_httponly', () => {
  it.each([
    ['an HttpOnly session cookie', doc('/', { 'set-cookie': 'laravel_session=x; Secure; HttpOnly' })],
    ['a CSRF token readable by scripts on purpose', doc('/', { 'set-cookie': 'XSRF-TOKEN=x; Secure' })],
    ['a preference cookie', doc('/', { 'set-cookie': 'theme=dark; Secure' })],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('flags session cookies without HttpOnly, from documents and first-party API responses', () => {
    const requests = [makeRequest({ url: 'https://api.example.com/login', resource_type: 'fetch', response_headers: { 'set-cookie': 'auth_token=x; Secure' } })];
    const [f] = findingsOf(check, site(doc('/', { 'set-cookie': 'JSESSIONID=abc; Path=/; Secure' }, { requests })));
    expect(f).toMatchObject({ check_id: 'security.session_cookie_missing_httponly', severity: 'warning' });
    expect((f!.evidence!.cookies as { name: string; set_by: string }[]).map((c) => [c.name, c.set_by])).toEqual([
      ['JSESSIONID', 'https://example.com/'],
      ['auth_token', 'https://api.example.com/login'],
    ]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
