// Reading browser and fetch failure texts: which ones are the site's fault, and what kind they are.
import { CUT_BY_DEADLINE } from '../../../evidence/navigation-outcome.js';
import { hostnameOf } from '../../../evidence/views.js';

/** The `net::ERR_…` code inside a failure text, or null. */
export function netErrorCode(text: string | null | undefined): string | null {
  const m = /net::(ERR_[A-Z0-9_]+)/.exec(text ?? '');
  return m ? m[1]! : null;
}

export function isRedirectLoopError(text: string | null | undefined): boolean {
  return /ERR_TOO_MANY_REDIRECTS|too many redirects|redirect loop|max(imum)? ?redirects/i.test(text ?? '');
}

/**
 * Failures caused by the audit itself, not the site: a request our URL guard refused, a navigation
 * cancelled by a download or the next navigation, a page the run closed at its deadline.
 */
export function isOwnFailure(text: string | null | undefined): boolean {
  const t = text ?? '';
  return (
    /ERR_ABORTED|ERR_BLOCKED_BY_CLIENT|Download is starting/i.test(t) ||
    /(target|page|context|browser)( page, context or browser)? (has been )?closed|frame was detached/i.test(t) ||
    // Our guard's own refusals (GuardError "refused <url>: <reason>") and our proxy being unreachable.
    /^refused \S+: |Blocked by the siteqa URL guard|ERR_PROXY_CONNECTION_FAILED/i.test(t) ||
    // A navigation the run's deadline ended before its own limit.
    t === CUT_BY_DEADLINE
  );
}

export type FailureKind = 'dns' | 'tls' | 'timeout' | 'connection' | 'redirect_loop' | 'other';

/** A coarse class of a failure text, so a report can say "DNS" instead of a raw error code. */
export function failureKind(text: string | null | undefined): FailureKind {
  const t = text ?? '';
  if (isRedirectLoopError(t)) return 'redirect_loop';
  if (/NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|DNS|ENOTFOUND|EAI_AGAIN/i.test(t)) return 'dns';
  if (/ERR_CERT_|ERR_SSL_|SSL_PROTOCOL|certificate|TLS|CERT_HAS_EXPIRED|SELF_SIGNED/i.test(t)) return 'tls';
  if (/TIMED_OUT|timeout|timed out|ETIMEDOUT/i.test(t)) return 'timeout';
  if (/CONNECTION_|TUNNEL_CONNECTION_FAILED|ECONNREFUSED|ECONNRESET|EMPTY_RESPONSE|ADDRESS_UNREACHABLE|socket hang up/i.test(t)) return 'connection';
  return 'other';
}

/** Hostnames our URL guard refused during the run (bundle.blocked holds URLs or host:port pairs). */
export function guardedHosts(blocked: readonly { url: string }[]): Set<string> {
  const hosts = new Set<string>();
  for (const b of blocked) {
    // CONNECT refusals are recorded as "host:port", which URL() would misread as a scheme.
    const host = /^[a-z][a-z\d+.-]*:\/\//i.test(b.url) ? hostnameOf(b.url) : /^\[?([^\]/]+?)\]?(?::\d+)?$/.exec(b.url.trim())?.[1];
    if (host) hosts.add(host.toLowerCase());
  }
  return hosts;
}

export { hostnameOf };
