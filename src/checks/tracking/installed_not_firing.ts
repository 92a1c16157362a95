// Measured: an analytics tag is installed (configured, loader requested, or held back for consent) but no
// hit is ever sent, in any consent state — blocked by the site's own CSP, its script host failing, or
// consent that never lets it run. Distinct from "no analytics at all" (tracking.none_detected).
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { consentContext, consentSummary } from './consent-context.js';
import { capped, isAnalytics, shortUrl } from './observations.js';
import { installed, tagSignals, type TagSignals } from './tag-signals.js';

export const meta: CheckMeta = {
  id: 'tracking.installed_not_firing',
  section: 'measured',
  severity: 'critical',
  title: 'Analytics installed but never sends a hit',
  impact: 'The site looks measured, yet its analytics records no visit at all: every report built on it is empty.',
  docs: '/docs/checks/tracking.installed_not_firing',
  requires: ['pages', 'requests'],
  optional: ['consent', 'globals', 'html', 'dom', 'headers', 'cookies'],
  thresholds: { other_analytics_working: 'warning', consent_not_checked: 'info', refused_by_the_audit: 'info' },
};

/** Failures that say nothing about the site: the audit's own guard, a cancelled or unfinished request, the browser's client rules. */
const NOT_THE_SITE = new Set(['aborted', 'unfinished', 'guard', 'guard_private', 'offline', 'blocked_by_client']);

export type NotFiringReason = 'blocked_by_csp' | 'script_host_failing' | 'consent_never_granted' | 'consent_not_checked' | 'loader_missing' | 'not_verified';

const WHY: Record<NotFiringReason, string> = {
  blocked_by_csp: "the site's own Content-Security-Policy blocks its script",
  script_host_failing: 'its script host fails',
  consent_never_granted: 'the consent manager never lets it run, even after "Accept all"',
  consent_not_checked: 'it waits for consent, and no consent banner could be accepted to check that it then runs',
  loader_missing: 'it is configured but its script is never requested',
  not_verified: "this audit could not reach its script host (the audit's URL guard refused it, or the audit's machine has no internet access), so whether it sends hits was not verified",
};

/**
 * `acceptChecked`: a banner was found and "accept" clicked, so a tag still held back is the site's doing.
 * `containerLoaded`: a tag manager or a shared gtag.js loaded, which serves configurations without a loader of their own.
 */
export function notFiringReason(s: TagSignals, acceptChecked: boolean, containerLoaded = false): NotFiringReason | null {
  if (s.loaders.some((l) => l.loaded)) return null; // it ran: a silent tag is tracking.tag_without_hit's question
  const failed = s.loaders.filter((l) => !NOT_THE_SITE.has(l.reason ?? ''));
  if (failed.some((l) => l.reason === 'csp')) return 'blocked_by_csp';
  if (failed.length) return 'script_host_failing';
  // Refused by the audit's own guard (an allowlist, a local copy) or not reached offline: installed, and
  // its loader requested (so not only waiting for consent), but nothing is known of its hits.
  const unreached = s.loaders.some((l) => l.reason === 'guard' || l.reason === 'guard_private' || l.reason === 'offline');
  // Without a banner we could accept (none found, or the click failed) we cannot tell a broken consent
  // manager from our own failure to find it: say so at info level.
  // A loader requested (after "Accept all" or on pages without the gate) but refused or unreachable here:
  // consent let it go, the audit could not follow it.
  if (s.placeholders.length) return unreached ? 'not_verified' : acceptChecked ? 'consent_never_granted' : 'consent_not_checked';
  // Cancelled by a navigation or the browser's client rules: nothing to say.
  if (unreached) return 'not_verified';
  if (s.loaders.length) return null;
  if (!s.configured.length || containerLoaded) return null;
  // Many consent managers inject the loader only after consent, leaving no placeholder behind: a missing
  // loader is the site's doing only once "accept" was clicked and it still never came.
  return acceptChecked ? 'loader_missing' : 'consent_not_checked';
}

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const ctx = consentContext(evidence);
  const signals = [...tagSignals(evidence, views).values()];
  const measured = signals.some((s) => isAnalytics(s.vendor) && !s.vendor.sunset && s.delivered_hits > 0);
  // GA4 configured in dataLayer is often loaded by GTM or by one gtag.js for several ids: not a missing loader.
  const containerLoaded = signals.some((s) => s.loaders.some((l) => l.loaded && (s.vendor.kind === 'tag_manager' || /\/gtag\/js(?:\?|$)/.test(l.url))));
  const drafts: FindingDraft[] = [];
  for (const s of signals) {
    if (!installed(s) || s.vendor.sunset) continue;
    // A tag manager counts when its container never loaded: whatever analytics it holds never ran.
    if (s.vendor.kind === 'tag_manager' ? measured : !isAnalytics(s.vendor) || s.delivered_hits > 0) continue;
    const reason = notFiringReason(s, ctx.banner && ctx.accepted, containerLoaded);
    if (!reason) continue;
    const severity: Severity = reason === 'consent_not_checked' || reason === 'not_verified' ? 'info' : measured ? 'warning' : 'critical';
    const failed = capped(s.loaders.filter((l) => !l.loaded).map((l) => ({ url: shortUrl(l.url), reason: l.reason, seen_on: l.seen_on })), 10);
    const pages = [...new Set([...s.configured.map((c) => c.seen_on), ...s.loaders.map((l) => l.seen_on), ...s.placeholders.map((p) => p.page)])];
    const listedPages = capped(pages, 10);
    drafts.push({
      page: pages.length === 1 ? pages[0]!.replace(/ \((?:none|reject|accept)\)$/, '') : undefined,
      severity,
      title: reason === 'not_verified' ? `${s.vendor.name} is installed; ${WHY[reason]}` : `${s.vendor.name} is installed but never sends a hit: ${WHY[reason]}`,
      evidence: {
        vendor: s.vendor.id, name: s.vendor.name, ids: [...s.ids].sort(), reason,
        failed_loaders: failed.items, more_failed_loaders: failed.more,
        configured: s.configured.slice(0, 5), placeholders: s.placeholders.slice(0, 5),
        pages: listedPages.items, more_pages: listedPages.more,
        other_analytics_working: measured,
        ...consentSummary(ctx),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
