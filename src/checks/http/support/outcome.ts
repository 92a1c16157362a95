// The failure reason of a recorded request, also for bundles captured before capture recorded one:
// then it is derived from the failure text and the guard's refusal list.
import type { BlockedRequest, RequestRecord } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import { failureReason, isUnreachableHost, type FailureReason } from '../../../evidence/request-outcome.js';
import { hostnameOf } from './net_errors.js';

/** The guard's reason for `url`'s host in the bundle's refusal list, or null. */
export function guardReasonFor(url: string, blocked: readonly BlockedRequest[]): string | null {
  const host = hostnameOf(url);
  if (!host) return null;
  for (const b of blocked) if (b.url === url || hostnameOf(b.url) === host) return b.reason;
  return null;
}

export function reasonOf(r: RequestRecord, blocked: readonly BlockedRequest[] = []): FailureReason | null {
  if (r.failure_reason !== undefined) return r.failure_reason;
  const guard = r.blocked ? guardReasonFor(r.url, blocked) : null;
  return failureReason(r.failure, guard);
}

/** `host:port` of a URL ('' when unparsable): a host that refuses one port may serve another. */
export function hostPortOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The hosts (`host:port`) that answered at least one of the run's requests on its loaded pages (their
 * documents included). A DNS failure or a refused connection to such a host was a passing fault (of the
 * network, the host, or the audit's own connection), not a host that is gone.
 */
export function answeredHosts(views: EvidenceViews): Set<string> {
  const out = new Set<string>();
  for (const page of views.loadedPages) {
    out.add(hostPortOf(page.final_url));
    for (const r of page.requests) if (r.status !== null) out.add(hostPortOf(r.url));
  }
  return out;
}

/** A failure that says the host cannot be reached (does not resolve, refuses connections), from a host that never answered in the run. */
export function isGoneHost(r: RequestRecord, reason: FailureReason | null, answered: ReadonlySet<string>): boolean {
  return isUnreachableHost(reason) && !answered.has(hostPortOf(r.url));
}
