// Reading a response's browser cache lifetime from Cache-Control and Expires (RFC 9111), the way
// Lighthouse's cache audit does, without reading a clock: Expires is measured against the response's
// own Date header (or the page's capture time when Date is missing).
import type { RequestRecord } from '../../../evidence/types.js';
import { header } from './requests.js';

export type CachePolicy =
  /** The server chose not to cache or to revalidate every time; a deliberate policy, not judged. */
  | { kind: 'deliberate'; directive: string }
  /** No max-age and no Expires: the browser falls back to heuristics. */
  | { kind: 'none' }
  | { kind: 'ttl'; seconds: number; source: 'max-age' | 'expires' };

const DELIBERATE = ['no-cache', 'no-store', 'must-revalidate', 'private', 'stale-while-revalidate'];

export function parseCacheControl(value: string): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (const part of value.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    if (!out.has(name)) out.set(name, rest.length ? rest.join('=').trim().replace(/^"|"$/g, '') : true);
  }
  return out;
}

export function cachePolicy(r: RequestRecord, fallbackNow: string): CachePolicy {
  const cc = parseCacheControl(header(r, 'cache-control'));
  if (!cc.size && /no-cache/i.test(header(r, 'pragma'))) return { kind: 'deliberate', directive: 'pragma: no-cache' };
  const deliberate = DELIBERATE.find((d) => cc.has(d));
  if (deliberate) return { kind: 'deliberate', directive: deliberate };
  const maxAge = cc.get('max-age');
  if (maxAge !== undefined) {
    const seconds = typeof maxAge === 'string' ? Number.parseInt(maxAge, 10) : NaN;
    // max-age=0 (or garbage) asks for revalidation every time: a choice, like no-cache.
    if (!Number.isFinite(seconds) || seconds <= 0) return { kind: 'deliberate', directive: `max-age=${String(maxAge)}` };
    return { kind: 'ttl', seconds, source: 'max-age' };
  }
  const expires = header(r, 'expires');
  if (expires) {
    const at = Date.parse(expires);
    const now = Date.parse(header(r, 'date')) || Date.parse(fallbackNow);
    // An unparsable or past Expires means "already stale" (RFC 9111 §5.3).
    if (!Number.isFinite(at) || !Number.isFinite(now) || at <= now) return { kind: 'deliberate', directive: 'expires in the past' };
    return { kind: 'ttl', seconds: Math.round((at - now) / 1000), source: 'expires' };
  }
  return { kind: 'none' };
}

/** "2 h", "30 min", "45 s", "3 d" for evidence. */
export function formatSeconds(s: number): string {
  if (s >= 86400) return `${Math.round((s / 86400) * 10) / 10} d`;
  if (s >= 3600) return `${Math.round((s / 3600) * 10) / 10} h`;
  if (s >= 60) return `${Math.round(s / 60)} min`;
  return `${s} s`;
}
