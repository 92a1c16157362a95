// Compliant: tracking hits or tracking cookies before the visitor consented (or with no banner at all).
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { beforeConsent, consentContext, consentSummary } from '../tracking/consent-context.js';
import { capped } from '../tracking/observations.js';
import { deniedPings, trackingRows, trackingSignals } from './tracking-signals.js';

export const meta: CheckMeta = {
  id: 'privacy.tracking_before_consent',
  section: 'compliant',
  severity: 'critical',
  title: 'Tracking starts before the visitor consents',
  impact: 'Setting tracking cookies or sending visitor data to trackers without prior consent breaches the ePrivacy Directive and GDPR and invites fines and complaints.',
  docs: '/docs/checks/privacy.tracking_before_consent',
  requires: ['pages', 'requests', 'globals', 'cookies'],
    optional: ['consent', 'dom', 'headers'],
  thresholds: { consent_mode_denied_pings_count: false, cookieless_exempt_vendors_count: false },
};

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const signals = trackingSignals(beforeConsent(evidence, views));
  const rows = trackingRows(signals);
  if (!rows.length) return [];
  const ctx = consentContext(evidence);
  const pages = capped([...new Set([...signals.values()].flatMap((s) => [...s.pages]))]);
  // No banner at all is the same defect seen from the visitor's side: tracking nobody agreed to.
  // It is one finding here, not a second "no consent banner" finding.
  const noBanner = ctx.captured && !ctx.banner;
  return [{
    title: noBanner ? 'Tracks visitors without asking for consent (no consent banner found)' : meta.title,
    evidence: {
      vendors: rows,
      pages: pages.items,
      more_pages: pages.more,
      consent_mode_denied_pings_ignored: deniedPings(signals),
      ...consentSummary(ctx),
    },
  }];
}

export const check: Check = { meta, run };
