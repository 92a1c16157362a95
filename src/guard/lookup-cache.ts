// Memoises a LookupAll for a short time so a page's many requests to one host cost one DNS query.
// Safe against rebinding because callers connect to the addresses that were checked, cached or not.
import type { LookupAll } from './options.js';

export interface LookupCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Injected for tests; defaults to Date.now. */
  now?: () => number;
}

/** Wraps `lookup`; concurrent calls for one name share a query, failures are not remembered. */
export function cachedLookupAll(lookup: LookupAll, options: LookupCacheOptions = {}): LookupAll {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; result: Promise<string[]> }>();
  return (hostname) => {
    const key = hostname.toLowerCase();
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.result.then((addresses) => [...addresses]);
    const result = lookup(hostname);
    cache.set(key, { at: now(), result });
    result.catch(() => {
      if (cache.get(key)?.result === result) cache.delete(key);
    });
    // Map keeps insertion order, so the first key is the oldest entry.
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return result.then((addresses) => [...addresses]);
  };
}
