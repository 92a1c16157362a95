// Why an attempted request did not complete, as one word a check can group on: Chromium's net::ERR_ text,
// our proxy's upstream error and the URL guard's refusal reason all map to the same short list. Pure.

/**
 * - `dns`: the host does not resolve (a dead CDN, a misspelt or expired domain)
 * - `refused` / `reset` / `timeout` / `tls`: the host resolves but does not answer properly
 * - `csp`: the page's own Content-Security-Policy stopped it before it left the browser
 * - `blocked_by_client`: the browser (an extension, a client rule) refused it
 * - `aborted`: cancelled (navigation away, page closed): usually not a defect
 * - `guard_private`: the URL guard refused it because it points at a private, loopback or local address
 * - `guard`: any other URL-guard refusal (browser background traffic, the run's blocked hosts)
 * - `offline`: a public host not reached (`dns`, `refused`, `timeout`) by an audit machine that reached no
 *   public host at all (src/evidence/offline.ts). Never recorded by capture: checks derive it for the run.
 */
export type FailureReason = 'dns' | 'refused' | 'reset' | 'timeout' | 'tls' | 'csp' | 'blocked_by_client' | 'aborted' | 'guard_private' | 'guard' | 'offline' | 'other';

/**
 * Guard reasons that mean "the name has no address": the browser alone would have failed the same way.
 * Only an authoritative "no such name" counts: a resolver that timed out or failed (EAI_AGAIN, SERVFAIL)
 * says something about the machine running the audit, not about the site.
 */
const GUARD_DNS = /could not be resolved \((ENOTFOUND|ENODATA|NXDOMAIN)\)|has no addresses/i;
const GUARD_RESOLVER = /could not be resolved/i;
/**
 * Guard reasons that mean "private, loopback or local" (src/guard/ranges.ts and hostnames.ts wording).
 * Not the unspecified address (0.0.0.0, ::): DNS sinkholes (Pi-hole and the like) answer blocked names
 * with it, so it speaks of the audit machine's resolver rather than of the page.
 */
const GUARD_PRIVATE = /private|loopback|link-local|local host|local network|metadata|cluster-internal|private-use|home-network|carrier-grade NAT|unique local|site-local|single-label/i;

export function guardReasonKind(reason: string): FailureReason {
  if (GUARD_DNS.test(reason)) return 'dns';
  if (GUARD_RESOLVER.test(reason)) return 'timeout';
  if (/unspecified address/i.test(reason)) return 'guard';
  if (GUARD_PRIVATE.test(reason)) return 'guard_private';
  return 'guard';
}

/**
 * The reason for a failure text (`net::ERR_…`, our proxy's `… (ECONNREFUSED)`) or a guard refusal reason;
 * null when neither is given. A guard reason wins: the browser's text for a refused tunnel says nothing.
 */
export function failureReason(failure: string | null, guardReason: string | null = null): FailureReason | null {
  if (guardReason) return guardReasonKind(guardReason);
  if (!failure) return null;
  const t = failure;
  if (/ERR_BLOCKED_BY_CSP|blocked:csp|Content Security Policy|^csp$/i.test(t)) return 'csp';
  if (/ERR_BLOCKED_BY_CLIENT|ERR_BLOCKED_BY_ADMINISTRATOR/i.test(t)) return 'blocked_by_client';
  if (/NAME_NOT_RESOLVED|ENOTFOUND/i.test(t)) return 'dns';
  // The resolver failed (not "no such name"): the audit machine's trouble, reported like a timeout.
  if (/NAME_RESOLUTION_FAILED|EAI_AGAIN/i.test(t)) return 'timeout';
  if (/CONNECTION_REFUSED|ECONNREFUSED|ADDRESS_UNREACHABLE|EHOSTUNREACH|ENETUNREACH/i.test(t)) return 'refused';
  if (/TIMED_OUT|ETIMEDOUT|timed out/i.test(t)) return 'timeout';
  if (/CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|ECONNRESET|socket hang up/i.test(t)) return 'reset';
  if (/ERR_CERT_|ERR_SSL_|certificate/i.test(t)) return 'tls';
  if (/ERR_ABORTED/i.test(t)) return 'aborted';
  return 'other';
}

/** Reasons that say the host itself cannot be reached: every resource on it fails, for every visitor. */
export function isUnreachableHost(reason: FailureReason | null | undefined): boolean {
  return reason === 'dns' || reason === 'refused';
}

/**
 * A failure our guard proxy explained: it could not connect to the host, or got no usable answer from it
 * (`ECONNRESET`, `ETIMEDOUT`, a parse error). Capture writes the browser's text with the proxy's code
 * after it; the request never reached the browser from the host, so it was the audit's own connection,
 * through its proxy, that failed (a visitor's browser connects on its own).
 */
export function withUpstreamError(failure: string, code: string): string {
  return `${failure} (${code})`;
}

/** The proxy's code in a failure text written by `withUpstreamError`, or null when the proxy said nothing. */
export function upstreamErrorOf(failure: string | null | undefined): string | null {
  const m = /^net::ERR_(?:TUNNEL_)?CONNECTION_FAILED \((.+)\)$/.exec(failure ?? '');
  return m ? m[1]! : null;
}
