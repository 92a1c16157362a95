import { describe, expect, it } from 'vitest';
import { makeRequest } from '../../test-support.js';
import { buildViews } from '../../../evidence/views.js';
import { runFacts } from '../../../evidence/run-facts.js';
import { isSessionLike, parseSetCookie, siteCookies, splitSetCookie } from './set-cookie.js';
import { doc, site } from './test-pages.js';

describe('Set-Cookie reading', () => {
  it('splits newline-joined and comma-joined headers without breaking Expires dates', () => {
    expect(splitSetCookie('a=1; Path=/\nb=2')).toEqual(['a=1; Path=/', 'b=2']);
    expect(splitSetCookie('a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Secure, b=2; HttpOnly')).toEqual([
      'a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Secure',
      'b=2; HttpOnly',
    ]);
  });

  it('parses attributes case-insensitively and hides the value', () => {
    const c = parseSetCookie('SID=secretvalue; path=/; SECURE; httponly; SameSite=None; Domain=.Example.com', 'https://example.com/', undefined)!;
    expect(c).toMatchObject({ name: 'SID', secure: true, httpOnly: true, sameSite: 'none', domain: '.example.com', https: true, deletes: false });
    expect(c.header).toBe('SID=<11 chars>; path=/; SECURE; httponly; SameSite=None; Domain=.Example.com');
  });

  it('recognises deletions by Max-Age, past Expires or an empty value', () => {
    const date = 'Thu, 01 Jan 2026 00:00:00 GMT';
    expect(parseSetCookie('a=1; Max-Age=0', 'https://e.com/', date)!.deletes).toBe(true);
    expect(parseSetCookie('a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'https://e.com/', undefined)!.deletes).toBe(true);
    expect(parseSetCookie('a=1; Expires=Wed, 31 Dec 2025 00:00:00 GMT', 'https://e.com/', date)!.deletes).toBe(true);
    expect(parseSetCookie('a=; Path=/', 'https://e.com/', date)!.deletes).toBe(true);
    expect(parseSetCookie('a=1; Expires=Fri, 01 Jan 2027 00:00:00 GMT', 'https://e.com/', date)!.deletes).toBe(false);
  });

  it('classifies session-like names, leaving CSRF tokens and analytics alone', () => {
    expect(['PHPSESSID', 'JSESSIONID', 'connect.sid', 'sid', 'laravel_session', 'wordpress_logged_in_abc', 'auth_token', 'remember_web_1'].every(isSessionLike)).toBe(true);
    expect(['csrftoken', 'XSRF-TOKEN', '_ga', 'theme', 'consent', 'lang'].some(isSessionLike)).toBe(false);
  });

  it('collects first-party server cookies once across pages, ignoring third parties, stubs and blocked requests', () => {
    const requests = [
      makeRequest({ url: 'https://api.example.com/me', response_headers: { 'set-cookie': 'api_sess=1; Secure' } }),
      makeRequest({ url: 'https://tracker.test/p', response_headers: { 'set-cookie': 'uid=1' } }),
      makeRequest({ url: 'https://example.com/collect', beacon_stubbed: true, response_headers: { 'set-cookie': 'stub=1' } }),
      makeRequest({ url: 'https://example.com/x', blocked: true, response_headers: { 'set-cookie': 'blocked=1' } }),
    ];
    const bundle = site(doc('/', { 'set-cookie': 'lang=en' }, { requests }), doc('/about', { 'set-cookie': 'lang=en' }));
    const cookies = siteCookies(bundle, buildViews(bundle, runFacts(bundle)));
    expect(cookies.map((c) => [c.name, c.pages.length])).toEqual([['lang', 2], ['api_sess', 1]]);
  });
});
