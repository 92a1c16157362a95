import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './unsafe_csp.js';
import { doc, hardened, site } from './support/test-pages.js';

const csp = (policy: string) => doc('/', { 'content-security-policy': policy });

describe('security.unsafe_csp', () => {
  it.each([
    ["nonce + strict-dynamic with fallbacks", "script-src 'nonce-abc' 'strict-dynamic' 'unsafe-inline' https: http:; object-src 'none'"],
    ["an allowlist without unsafe sources", "default-src 'self'; script-src 'self' https://cdn.example.com"],
    ["unsafe-inline only in style-src", "default-src 'self'; style-src 'self' 'unsafe-inline'"],
    ["hash-based scripts", "script-src 'sha256-abc=' 'unsafe-inline'"],
  ])('passes: %s', (_name, policy) => {
    expect(findingsOf(check, site(csp(policy)))).toEqual([]);
  });

  it('passes pages without CSP (security.missing_csp reports those)', () => {
    expect(findingsOf(check, site(doc('/', {})))).toEqual([]);
  });

  it.each([
    ["script-src 'self' 'unsafe-inline'", "'unsafe-inline' without a nonce or hash: inline scripts run"],
    ["default-src * 'unsafe-inline'", 'scripts allowed from *'],
    ["frame-ancestors 'none'; upgrade-insecure-requests", 'no script-src or default-src: scripts are not restricted'],
    ["script-src 'self' http://cdn.example.com", 'scripts allowed from http://cdn.example.com'],
  ])('flags %s as a warning', (policy, weakness) => {
    const [f, ...rest] = findingsOf(check, site(csp(policy)));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'security.unsafe_csp', severity: 'warning' });
    expect(f!.evidence!.weaknesses).toContain(weakness);
    expect(f!.evidence!.policies).toEqual([policy]);
  });

  it("keeps 'unsafe-eval' alone at info", () => {
    const [f] = findingsOf(check, site(csp("script-src 'self' 'unsafe-eval'")));
    expect(f!.severity).toBe('info');
  });

  it('counts a weakness only when every enforced policy has it', () => {
    const page = doc('/', { 'content-security-policy': "script-src 'self' 'unsafe-inline', script-src 'nonce-x'" });
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('reports per-page nonces as one policy', () => {
    const pages = ['/', '/a'].map((p, i) => doc(p, { 'content-security-policy': `script-src 'nonce-${i}' 'unsafe-eval'` }));
    const [f] = findingsOf(check, site(...pages));
    expect(f!.evidence).toMatchObject({ policies: ["script-src 'nonce-…' 'unsafe-eval'"], pages_total: 2 });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/'), hardened('/blog')))).toEqual([]);
  });
});
