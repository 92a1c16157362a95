// Decides whether one URL may be fetched: scheme, credentials, host name, and every resolved address.
import { isIP, isIPv4 } from 'node:net';
import { classifyAddress } from './address.js';
import { refuseHostname } from './hostnames.js';
import { hostPortKey, isAllowlisted, systemLookupAll, type GuardOptions } from './options.js';

export type UrlVerdict =
  | { ok: true; url: URL; addresses: string[]; allowlisted: boolean }
  | { ok: false; code: 'unsafe_url'; reason: string };

const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

function refuse(reason: string): UrlVerdict {
  return { ok: false, code: 'unsafe_url', reason };
}

/**
 * Parses with the WHATWG URL parser (the one the browser uses), so numeric host spellings such as
 * `2130706433`, `0x7f000001`, `0177.0.0.1` or `127.1` arrive here already as `127.0.0.1`.
 * The returned `addresses` are the ones that were checked: callers must connect to one of them
 * and never resolve the name again (a second lookup could be answered differently: DNS rebinding).
 */
export async function checkUrl(raw: string, opts: GuardOptions): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(`${JSON.stringify(truncate(raw))} is not a valid absolute URL`);
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    return refuse(`the ${url.protocol} scheme is not allowed; only http and https URLs can be audited`);
  }
  if (url.username || url.password) {
    return refuse('URLs with credentials (user:password@host) are not allowed');
  }
  const allowlisted = isAllowlisted(url, opts.allowlist);
  if (opts.allowlistOnly && !allowlisted) {
    return refuse(`${hostPortKey(url)} is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)`);
  }
  const literal = ipLiteral(url.hostname);
  if (literal) {
    const verdict = classifyAddress(literal);
    if (!verdict.ok && !allowlisted) return refuse(verdict.reason);
    return { ok: true, url, addresses: [literal], allowlisted };
  }
  if (!allowlisted) {
    const byName = refuseHostname(url.hostname);
    if (byName) return refuse(byName);
  }
  let addresses: string[];
  try {
    addresses = await (opts.lookupAll ?? systemLookupAll)(url.hostname);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return refuse(`${url.hostname} could not be resolved (${code})`);
  }
  if (addresses.length === 0) return refuse(`${url.hostname} has no addresses`);
  for (const address of addresses) {
    if (!isIP(address)) return refuse(`${url.hostname} resolved to ${JSON.stringify(address)}, which is not an IP address`);
    const verdict = classifyAddress(address);
    // One private answer refuses the host: the connection could be steered to any of them.
    if (!verdict.ok && !allowlisted) return refuse(`${url.hostname} resolves to ${verdict.reason.replace(`${address} is `, `${address}, `)}`);
  }
  return { ok: true, url, addresses, allowlisted };
}

/** The bare address when the URL host is an IP literal (`1.2.3.4`, `[::1]`), else null. */
function ipLiteral(hostname: string): string | null {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return isIPv4(hostname) ? hostname : null;
}

function truncate(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
