// Where a host's addresses lie: on the public internet, or in a private, loopback, link-local or local
// range (by name: localhost, .internal, single-label names). Recorded by capture for the pages it loaded,
// so checks can tell an intranet page from a public one without classifying addresses themselves.
import { isIP } from 'node:net';
import { classifyAddress } from './address.js';
import { refuseHostname } from './hostnames.js';
import { systemLookupAll, type LookupAll } from './options.js';

export type HostClass = 'public' | 'private';

/** `public` when every address of the host is public unicast; `private` when one is not; null when it does not resolve. */
export async function hostClass(hostname: string, lookupAll: LookupAll = systemLookupAll): Promise<HostClass | null> {
  const name = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(name)) return classifyAddress(name).ok ? 'public' : 'private';
  if (refuseHostname(name)) return 'private';
  let addresses: string[];
  try {
    addresses = await lookupAll(name);
  } catch {
    return null;
  }
  if (!addresses.length) return null;
  return addresses.every((a) => isIP(a) && classifyAddress(a).ok) ? 'public' : 'private';
}
