import { describe, expect, it } from 'vitest';
import { parseSetCookie, splitSetCookie } from '../checks/security/support/set-cookie.js';
import { withoutCookieValues } from '../evidence/set-cookie.js';

describe('withoutCookieValues', () => {
  const headers = {
    'content-type': 'text/html',
    'set-cookie': 'sessionid=s3cr3t-token-abc; Path=/; HttpOnly; Secure; SameSite=Lax\ntheme=dark\nold=; Max-Age=0\nodd',
  };

  it('keeps no cookie value, only its length, name and attributes', () => {
    const out = withoutCookieValues(headers);
    expect(out['set-cookie']).not.toContain('s3cr3t');
    expect(out['set-cookie']).not.toContain('dark');
    expect(out['set-cookie']).toBe('sessionid=' + '*'.repeat(16) + '; Path=/; HttpOnly; Secure; SameSite=Lax\ntheme=****\nold=; Max-Age=0\nodd');
    expect(out['content-type']).toBe('text/html');
    expect(headers['set-cookie']).toContain('s3cr3t');
  });

  it('leaves what the cookie checks read unchanged', () => {
    const read = (h: Record<string, string>) => splitSetCookie(h['set-cookie']!).map((l) => parseSetCookie(l, 'https://a.test/', undefined));
    expect(read(withoutCookieValues(headers))).toEqual(read(headers));
  });

  it('passes headers without Set-Cookie through', () => {
    const plain = { 'content-type': 'text/css' };
    expect(withoutCookieValues(plain)).toBe(plain);
  });
});
