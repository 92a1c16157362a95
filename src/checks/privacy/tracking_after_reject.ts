// Compliant: tracking hits, or new tracking cookies, after the visitor clicked "reject".
import type { CookieRecord } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { beforeConsent, consentContext, consentSummary } from '../tracking/consent-context.js';
import { consentLoad, observeLoad } from '../tracking/observations.js';
import { deniedPings, trackingRows, trackingSignals } from './tracking-signals.js';

export const meta: CheckMeta = {
  id: 'privacy.tracking_after_reject',
  section: 'compliant',
  severity: 'critical',
  title: 'Tracking continues after the visitor rejected it',
  impact: 'Ignoring a refusal is a clear GDPR and ePrivacy breach and makes the consent banner deceptive.',
  docs: '/docs/checks/privacy.tracking_after_reject',
  requires: ['consent', 'requests', 'globals', 'cookies'],
    optional: ['dom', 'headers'],
  thresholds: { consent_mode_denied_pings_count: false, cookies_kept_from_before_count: false },
};

const cookieKey = (c: CookieRecord) => `${c.name}@${c.domain.replace(/^\./, '')}`;

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const ctx = consentContext(evidence);
  if (!ctx.reject || !ctx.rejected) return [];
  const signals = trackingSignals([observeLoad(ctx.reject, views.isFirstParty)]);

  // Cookies already set before the click are reported by privacy.tracking_before_consent; here only
  // cookies that appeared after rejecting count. Without a baseline we cannot tell them apart. Cookie
  // snapshots carry no time, so a vendor that already tracked before consent may just have set its
  // cookie late: its new cookies count only together with hits after the click.
  const noneLoad = consentLoad(evidence, 'none');
  const baseline = noneLoad?.cookies ?? evidence.pages[0]?.cookies ?? null;
  const before = new Set((baseline ?? []).map(cookieKey));
  const trackedBefore = new Set([...trackingSignals(beforeConsent(evidence, views)).values()]
    .filter((s) => s.hits.length || s.cookies.length).map((s) => s.vendor.id));
  const kept: string[] = [];
  for (const s of signals.values()) {
    const late = trackedBefore.has(s.vendor.id) && !s.hits.length;
    const fresh = baseline && !late ? s.cookies.filter((c) => !before.has(cookieKey(c))) : [];
    kept.push(...s.cookies.filter((c) => before.has(cookieKey(c))).map((c) => `${c.name} (${c.domain})`));
    s.cookies = fresh;
  }
  const rows = trackingRows(signals);
  if (!rows.length) return [];
  return [{
    page: ctx.reject.url,
    evidence: {
      vendors: rows,
      tracking_cookies_kept_from_before: kept.slice(0, 20),
      consent_mode_denied_pings_ignored: deniedPings(signals),
      ...consentSummary(ctx),
    },
  }];
}

export const check: Check = { meta, run };
