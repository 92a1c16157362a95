// Workspace API keys: 256 bits from the CSPRNG behind a fixed `sqa_live_` prefix (so secret scanners
// can recognise a leaked one), stored only as a SHA-256 hash and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'sqa_live_';
const KEY_SHAPE = /^sqa_live_[A-Za-z0-9_-]{43}$/;

export interface MintedKey {
  /** Shown once to the caller, never stored. */
  token: string;
  hash: string;
  /** Prefix and last four characters, safe to show in listings. */
  hint: string;
}

export function hashApiKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function mintApiKey(): MintedKey {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiKey(token), hint: `${API_KEY_PREFIX}…${token.slice(-4)}` };
}

/** Cheap shape test before any database work, so garbage never reaches a query. */
export function looksLikeApiKey(token: string): boolean {
  return KEY_SHAPE.test(token);
}

/**
 * The stored hash is found by an index lookup on the hash of the presented key; this final
 * comparison runs in constant time so no byte-by-byte timing of the match leaks.
 */
export function hashesMatch(storedHex: string, presentedToken: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(hashApiKey(presentedToken), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token from an `Authorization: Bearer <key>` header, or null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : '';
}
