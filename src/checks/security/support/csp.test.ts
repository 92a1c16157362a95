import { describe, expect, it } from 'vitest';
import { makeDom } from '../../test-support.js';
import { isRestrictive, normalizePolicy, parsePolicy, policiesOf, readScripts } from './csp.js';
import { doc } from './test-pages.js';

describe('CSP parsing', () => {
  it('lower-cases directive names and keeps the first occurrence', () => {
    const d = parsePolicy("Default-Src 'self';  script-src 'self' cdn.test ; script-src *;;");
    expect([...d.entries()]).toEqual([['default-src', ["'self'"]], ['script-src', ["'self'", 'cdn.test']]]);
  });

  it('reads comma-separated header policies and meta policies', () => {
    const page = doc('/', { 'content-security-policy': "default-src 'self', frame-ancestors 'none'" }, {
      dom: makeDom({ meta: [{ name: null, property: null, http_equiv: 'Content-Security-Policy', content: "object-src 'none'" }] }),
    });
    expect(policiesOf(page).map((p) => [p.source, p.text])).toEqual([
      ['header', "default-src 'self'"],
      ['header', "frame-ancestors 'none'"],
      ['meta', "object-src 'none'"],
    ]);
  });

  it.each([
    ["script-src 'self' 'unsafe-inline'", { restricts: true, allowsInline: true, allowsEval: false, broad: [] }],
    ["script-src 'self' 'unsafe-inline' 'nonce-abc'", { restricts: true, allowsInline: false, allowsEval: false, broad: [] }],
    ["script-src 'sha256-xyz=' 'unsafe-inline' 'strict-dynamic' https: http:", { restricts: true, allowsInline: false, allowsEval: false, broad: [] }],
    ["default-src * 'unsafe-eval'", { restricts: true, allowsInline: false, allowsEval: true, broad: ['*'] }],
    ["script-src 'self' http://cdn.test https:", { restricts: true, allowsInline: false, allowsEval: false, broad: ['http://cdn.test', 'https:'] }],
    ["img-src 'self'", { restricts: false, allowsInline: true, allowsEval: true, broad: [] }],
  ])('%s', (text, expected) => {
    expect(readScripts({ source: 'header', text, directives: parsePolicy(text) })).toEqual(expected);
  });

  it('knows restrictive source lists and blanks nonces', () => {
    expect(isRestrictive(["'none'"])).toBe(true);
    expect(isRestrictive(["'self'", 'https://partner.test'])).toBe(true);
    expect(isRestrictive(['*'])).toBe(false);
    expect(isRestrictive([])).toBe(false);
    expect(isRestrictive(undefined)).toBe(false);
    expect(normalizePolicy("script-src  'nonce-AbC123=='  'self'")).toBe("script-src 'nonce-…' 'self'");
  });
});
