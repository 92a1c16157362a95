import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './csp_hardening.js';
import { doc, hardened, site } from './support/test-pages.js';

const csp = (policy: string) => doc('/', { 'content-security-policy': policy });

describe('security.csp_hardening', () => {
  it.each([
    ["default-src 'self' covers object-src", "default-src 'self'; base-uri 'self'"],
    ['explicit directives', "script-src 'nonce-a'; object-src 'none'; base-uri 'none'"],
  ])('passes: %s', (_name, policy) => {
    expect(findingsOf(check, site(csp(policy)))).toEqual([]);
  });

  it('passes pages without CSP', () => {
    expect(findingsOf(check, site(doc('/', {})))).toEqual([]);
  });

  it('lists the missing directives as info', () => {
    const [f] = findingsOf(check, site(csp("script-src 'nonce-a' 'strict-dynamic'"), doc('/b', { 'content-security-policy': "default-src *; base-uri 'self'" })));
    expect(f).toMatchObject({ check_id: 'security.csp_hardening', severity: 'info' });
    expect(f!.evidence).toMatchObject({ missing_directives: ['base-uri', 'object-src'], pages_total: 2 });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
