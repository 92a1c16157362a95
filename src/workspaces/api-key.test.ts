import { describe, expect, it } from 'vitest';
import { bearerToken, hashApiKey, hashesMatch, looksLikeApiKey, mintApiKey } from './api-key.js';

describe('workspace API keys', () => {
  it('mints prefixed, high-entropy keys whose hash is SHA-256 of the token', () => {
    const a = mintApiKey();
    const b = mintApiKey();
    expect(a.token).toMatch(/^sqa_live_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashApiKey(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hint).toBe(`sqa_live_…${a.token.slice(-4)}`);
    expect(a.hint).not.toContain(a.token.slice(9, 30));
  });

  it('matches only the exact key', () => {
    const k = mintApiKey();
    expect(hashesMatch(k.hash, k.token)).toBe(true);
    expect(hashesMatch(k.hash, `${k.token.slice(0, -1)}x`)).toBe(false);
    expect(hashesMatch(k.hash, mintApiKey().token)).toBe(false);
  });

  it('recognises the key shape and parses bearer headers', () => {
    expect(looksLikeApiKey(mintApiKey().token)).toBe(true);
    expect(looksLikeApiKey('sqa_live_short')).toBe(false);
    expect(looksLikeApiKey('sk_live_' + 'a'.repeat(43))).toBe(false);
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBe('');
    expect(bearerToken('Bearer')).toBe('');
  });
});
