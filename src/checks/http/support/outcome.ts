// The failure reason of a recorded request, also for bundles captured before capture recorded one:
// then it is derived from the failure text and the guard's refusal list.
import type { BlockedRequest, PageEvidence, RequestRecord } from '../../../evidence/types.js';
import { hostPortOf, type EvidenceViews } from '../../../evidence/views.js';
import { failureReason, isUnreachableHost, type FailureReason } from '../../../evidence/request-outcome.js';
import { unreachedOffline } from '../../../evidence/offline.js';
import { hostnameOf } from './net_errors.js';

/** The guard's reason for `url`'s host in the bundle's refusal list, or null. */
export function guardReasonFor(url: string, blocked: readonly BlockedRequest[]): string | null {
  const host = hostnameOf(url);
  if (!host) return null;
  for (const b of blocked) if (b.url === url || hostnameOf(b.url) === host) return b.reason;
  return null;
}

/**
 * `offline`: the run's offline witness (views.offline): a public host not reached in a run that reached
 * no public host is `offline`, the audit machine's condition rather than the site's.
 */
export function reasonOf(r: RequestRecord, blocked: readonly BlockedRequest[] = [], offline: string | null = null): FailureReason | null {
  const guard = r.failure_reason === undefined && r.blocked ? guardReasonFor(r.url, blocked) : null;
  const reason = r.failure_reason !== undefined ? r.failure_reason : failureReason(r.failure, guard);
  return unreachedOffline(r, reason, offline) ? 'offline' : reason;
}

/** A failure that says the host cannot be reached (does not resolve, refuses connections), from a host that never answered in the run. */
export function isGoneHost(r: RequestRecord, reason: FailureReason | null, views: EvidenceViews): boolean {
  return isUnreachableHost(reason) && !views.answeredHosts.has(hostPortOf(r.url));
}

/**
 * Refused by the audit's own URL guard for the installation's sake, or not reached by an audit machine
 * without internet access (reason `offline`), not met by a visitor: allowlist-only,
 * the guard's own rules, or a private address seen from a page that is itself private (an intranet page,
 * whose visitors reach it). A public page's request to a private address is the site's own defect
 * (security.private_address_request): every visitor's browser blocks it too.
 */
export function refusedByAudit(r: RequestRecord, page: PageEvidence, blocked: readonly BlockedRequest[] = [], offline: string | null = null): boolean {
  const reason = reasonOf(r, blocked, offline);
  if (reason === 'offline') return true;
  if (!r.blocked) return false;
  return reason === 'guard' || (reason === 'guard_private' && page.host_address !== 'public');
}
