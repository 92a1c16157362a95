import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './cookie_samesite.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.cookie_samesite', () => {
  it.each([
    ['Lax', 'sid=1; Secure; HttpOnly; SameSite=Lax'],
    ['None with Secure', 'embed_sess=1; Secure; SameSite=None'],
    ['a preference cookie without SameSite', 'theme=dark; Secure'],
  ])('passes: %s', (_name, setCookie) => {
    expect(findingsOf(check, site(doc('/', { 'set-cookie': setCookie })))).toEqual([]);
  });

  it('flags SameSite=None without Secure and invalid values as warnings', () => {
    const [f] = findingsOf(check, site(doc('/', { 'set-cookie': 'cart=1; SameSite=None\nab=2; SameSite=Relaxed; Secure' })));
    expect(f).toMatchObject({ check_id: 'security.cookie_samesite', severity: 'warning' });
    expect((f!.evidence!.cookies as { name: string; problem: string }[]).map((c) => [c.name, c.problem])).toEqual([
      ['cart', 'SameSite=None without Secure: rejected by browsers'],
      ['ab', 'invalid SameSite=relaxed'],
    ]);
  });

  it('notes session cookies without SameSite as info', () => {
    const [f] = findingsOf(check, site(doc('/', { 'set-cookie': 'PHPSESSID=1; Secure; HttpOnly' })));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence!.cookies).toEqual([expect.objectContaining({ name: 'PHPSESSID', problem: 'session cookie without SameSite' })]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
