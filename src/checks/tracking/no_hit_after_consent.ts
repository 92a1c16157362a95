// Measured: a consent banner was accepted, yet no analytics hit followed — analytics broken behind the CMP.
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { allObservations, beforeConsent, consentContext, consentSummary } from './consent-context.js';
import { isAnalytics, observeLoad } from './observations.js';

export const meta: CheckMeta = {
  id: 'tracking.no_hit_after_consent',
  section: 'measured',
  severity: 'warning',
  title: 'No analytics hit after accepting cookies',
  impact: 'Even visitors who agree to analytics are not counted, so the reports are empty or grossly undercounted.',
  docs: '/docs/checks/tracking.no_hit_after_consent',
  requires: ['consent'],
  optional: ['pages', 'requests', 'globals', 'cookies', 'dom', 'headers'],
  thresholds: { only_vendors_that_hit_on_load: true },
};

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const ctx = consentContext(evidence);
  if (!ctx.banner || !ctx.accept || !ctx.accepted) return [];
  const after = observeLoad(ctx.accept, views.isFirstParty);
  const analyticsHits = (o: typeof after) => [...o.vendors.values()].filter((s) => isAnalytics(s.vendor) && s.hits.length > 0);
  if (analyticsHits(after).length) return [];
  // A site that already sends analytics before consent is measured; whether it may is privacy's question.
  // (Consent-mode pings that declare storage denied do not count: they are what a gated tag sends.)
  const granted = (o: typeof after) => analyticsHits(o).some((s) => s.hits.some((h) => !h.consent_denied));
  if (beforeConsent(evidence, views).some(granted)) return [];

  // Only when analytics that normally hits on every load is installed: otherwise the site is simply
  // unmeasured, which tracking.none_detected reports.
  const installed = new Map<string, { name: string; ids: Set<string>; seen_on: string }>();
  for (const o of allObservations(evidence, views)) {
    for (const s of o.vendors.values()) {
      if (!isAnalytics(s.vendor) || !s.vendor.auto_hit || s.vendor.sunset) continue;
      if (!s.scripts.length && !s.globals.length) continue;
      const e = installed.get(s.vendor.id) ?? { name: s.vendor.name, ids: new Set<string>(), seen_on: o.mode ? `${o.url} (${o.mode})` : o.url };
      for (const x of s.scripts) if (x.id) e.ids.add(x.id);
      installed.set(s.vendor.id, e);
    }
  }
  if (!installed.size) return [];
  return [{
    page: ctx.accept.url,
    evidence: {
      installed: [...installed.entries()].map(([vendor, e]) => ({ vendor, name: e.name, ids: [...e.ids], seen_on: e.seen_on })),
      requests_after_accept: ctx.accept.requests.length,
      accept_load_error: ctx.accept.error,
      ...consentSummary(ctx),
    },
  }];
}

export const check: Check = { meta, run };
