// What the guard is given by its caller: the allowlist and how host names are resolved.
import { promises as dns } from 'node:dns';

/** Resolves every address of a host name (A and AAAA). */
export type LookupAll = (hostname: string) => Promise<string[]>;

export interface GuardOptions {
  /** Lower-case `host:port` entries (e.g. `127.0.0.1:4567`, `localhost:4567`, `[::1]:4567`). */
  allowlist: string[];
  /**
   * A closed installation (QA_URL_ALLOWLIST_ONLY): every host not in the allowlist is refused, public or
   * not, before any lookup. For operators who audit only their own hosts, and for trying the service on
   * a copy of a real site served locally without its pages reaching the hosts they name.
   */
  allowlistOnly?: boolean;
  /** Defaults to the system resolver (`dns.lookup`, all families), the same one a browser would use. */
  lookupAll?: LookupAll;
}

export const systemLookupAll: LookupAll = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
};

/** `host:port` of a URL with the scheme's default port filled in, as allowlist entries spell it. */
export function hostPortKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

export function isAllowlisted(url: URL, allowlist: readonly string[]): boolean {
  const key = hostPortKey(url);
  return allowlist.some((entry) => entry.trim().toLowerCase() === key);
}
