// Measured: no analytics tag or hit anywhere — not on crawled pages, and not after accepting cookies.
import { VENDORS, type Vendor } from '../../evidence/vendors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { allObservations, consentContext, consentSummary } from './consent-context.js';
import { capped, isAnalytics, present } from './observations.js';
import { installed, tagSignals } from './tag-signals.js';

export const meta: CheckMeta = {
  id: 'tracking.none_detected',
  section: 'measured',
  severity: 'critical',
  title: 'No analytics found',
  impact: 'Without analytics the site owner cannot see how many people visit, where they come from or where they drop off.',
  docs: '/docs/checks/tracking.none_detected',
  requires: ['pages', 'requests', 'globals', 'cookies'],
    optional: ['consent', 'dom', 'headers', 'html'],
  thresholds: { counts_ad_pixels: false, counts_tag_managers_alone: false, sunset_vendors_count: false },
};

/** Markers of analytics code the browser never ran: inline snippets or scripts held back (type="text/plain") by a consent manager. */
function heldBackTags(evidence: Parameters<Check['run']>[0]): string[] {
  const found = new Set<string>();
  const analytics = VENDORS.filter((v) => isAnalytics(v) || v.kind === 'tag_manager');
  for (const page of evidence.pages) {
    const html = page.html?.content ?? '';
    for (const v of analytics) {
      if (v.snippets?.some((re) => re.test(html))) found.add(v.id);
    }
  }
  return [...found];
}

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const observations = allObservations(evidence, views);
  const seen = new Map<string, { vendor: Vendor; ids: Set<string>; pages: Set<string> }>();
  for (const o of observations) {
    for (const s of o.vendors.values()) {
      if (!present(s)) continue;
      const entry = seen.get(s.vendor.id) ?? { vendor: s.vendor, ids: new Set<string>(), pages: new Set<string>() };
      for (const id of [...s.hits.map((h) => h.id), ...s.scripts.map((x) => x.id)]) if (id) entry.ids.add(id);
      entry.pages.add(o.url);
      seen.set(s.vendor.id, entry);
    }
  }
  const analytics = [...seen.values()].filter((e) => isAnalytics(e.vendor));
  if (analytics.some((e) => !e.vendor.sunset)) return [];
  // A tag that is there but never ran (configured, loader failed or blocked, held back for consent) is not
  // "none": tracking.installed_not_firing reports it with its reason. A tag manager alone that loaded still is.
  const allSigns = [...tagSignals(evidence, views).values()].filter(installed);
  const signs = allSigns.filter((s) => !s.vendor.sunset);
  if (signs.some((s) => isAnalytics(s.vendor) || (s.vendor.kind === 'tag_manager' && !s.loaders.some((l) => l.loaded)))) return [];
  // A retired product configured in the page (ga('create', 'UA-…')) whose loader never ran is as retired as one that sends.
  for (const s of allSigns.filter((x) => x.vendor.sunset && isAnalytics(x.vendor) && !seen.has(x.vendor.id))) {
    const where = [...s.configured.map((c) => c.seen_on), ...s.loaders.map((l) => l.seen_on), ...s.placeholders.map((p) => p.page)];
    analytics.push({ vendor: s.vendor, ids: new Set(s.ids), pages: new Set(where) });
  }

  const ctx = consentContext(evidence);
  const consent = consentSummary(ctx);
  if (analytics.length) {
    // Only a retired product (Universal Analytics) is installed: hits are sent, or would be, and nobody processes them.
    const pages = capped([...new Set(analytics.flatMap((e) => [...e.pages]))]);
    return [{
      severity: 'warning',
      title: `Only ${analytics.map((e) => e.vendor.name).join(', ')} found, which no longer processes data`,
      evidence: {
        vendors: analytics.map((e) => ({ vendor: e.vendor.id, name: e.vendor.name, ids: [...e.ids], stopped_processing: e.vendor.sunset })),
        pages: pages.items, more_pages: pages.more, ...consent,
      },
    }];
  }

  const tagManagers = [...seen.values()].filter((e) => e.vendor.kind === 'tag_manager').map((e) => ({ vendor: e.vendor.id, ids: [...e.ids] }));
  const adPixels = [...seen.values()].filter((e) => e.vendor.kind === 'advertising').map((e) => e.vendor.id);
  const hints = [...new Set(observations.flatMap((o) => o.hint_globals))];
  const heldBack = heldBackTags(evidence);
  // Analytics may sit behind a consent banner we could not accept: then we cannot tell, and say so at info level.
  const gated = ctx.captured ? ctx.banner && !ctx.accepted : hints.length > 0 || heldBack.length > 0 || tagManagers.length > 0;
  return [{
    severity: gated ? 'info' : 'critical',
    title: gated ? 'No analytics seen, and the consent banner could not be accepted to look behind it' : meta.title,
    evidence: {
      pages_checked: views.loadedPages.length,
      consent_loads_checked: evidence.consent?.loads.map((l) => l.mode) ?? [],
      tag_managers: tagManagers,
      ad_pixels: adPixels,
      hint_globals: hints,
      tags_in_html_not_run: heldBack,
      ...consent,
    },
  }];
}

export const check: Check = { meta, run };
