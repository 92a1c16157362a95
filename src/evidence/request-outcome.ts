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
 */
export type FailureReason = 'dns' | 'refused' | 'reset' | 'timeout' | 'tls' | 'csp' | 'blocked_by_client' | 'aborted' | 'guard_private' | 'guard' | 'other';

/** Guard reasons that mean "the name has no address": the browser alone would have failed the same way. */
const GUARD_DNS = /could not be resolved|has no addresses/i;
/** Guard reasons that mean "private, loopback or local" (src/guard/ranges.ts and hostnames.ts wording). */
const GUARD_PRIVATE = /private|loopback|link-local|local host|local network|unspecified address|metadata|cluster-internal|private-use|home-network|carrier-grade NAT|unique local|site-local|single-label/i;

export function guardReasonKind(reason: string): FailureReason {
  if (GUARD_DNS.test(reason)) return 'dns';
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
  if (/NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|ENOTFOUND|EAI_AGAIN/i.test(t)) return 'dns';
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
