// Builders for the security check tests (test-only): a hardened real-world header set and HTML pages.
import type { PageEvidence } from '../../../evidence/types.js';
import { makeBundle, makePage } from '../../test-support.js';

/** Headers of a well-configured production site, as Chromium reports them (names lower-cased). */
export const HARDENED: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'nonce-r4nd0m' 'strict-dynamic' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  server: 'nginx',
  date: 'Thu, 01 Jan 2026 00:00:00 GMT',
  'set-cookie': 'sessionid=8f3a9c; Path=/; Secure; HttpOnly; SameSite=Lax\ncsrftoken=77ab; Path=/; Secure; SameSite=Lax',
};

/** An HTML page at `path` on example.com with the given headers (replacing the defaults). */
export function doc(path: string, headers: Record<string, string>, over: Partial<PageEvidence> = {}): PageEvidence {
  const url = path.startsWith('http') ? path : `https://example.com${path}`;
  return makePage({ url, depth: path === '/' ? 0 : 1, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, ...over });
}

/** A hardened page with some headers changed; `undefined` removes a header. */
export function hardened(path: string, changes: Record<string, string | undefined> = {}, over: Partial<PageEvidence> = {}): PageEvidence {
  const headers: Record<string, string> = { ...HARDENED };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return doc(path, headers, over);
}

export const site = (...pages: PageEvidence[]) => makeBundle({ pages });
