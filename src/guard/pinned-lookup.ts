// A `lookup` for net/http/tls that answers with addresses the guard already checked, never asking DNS again.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type PinnedLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * Passing this as the `lookup` option keeps the real host name for the Host header, SNI and
 * certificate check while the socket goes only to `addresses`. It honours `all` (Node's
 * happy-eyeballs connect asks for every address) and a requested `family`.
 */
export function pinnedLookup(addresses: readonly string[]): PinnedLookup {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const family = typeof options === 'object' && options ? options.family : undefined;
    const wanted = family === 4 || family === 6 || family === 'IPv4' || family === 'IPv6'
      ? entries.filter((e) => e.family === (family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family))
      : entries;
    if (wanted.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`no checked address for ${hostname}`);
      err.code = 'ENOTFOUND';
      process.nextTick(callback, err, '', 0);
      return;
    }
    if (typeof options === 'object' && options?.all) process.nextTick(callback, null, wanted);
    else process.nextTick(callback, null, wanted[0].address, wanted[0].family);
  };
}
