// Measured: an analytics tag loads on a page but sends no hit there, and consent does not explain it.
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { consentContext, consentSummary } from './consent-context.js';
import { capped, isAnalytics, isHtmlPage, observeLoad, observePage, type Observation } from './observations.js';

export const meta: CheckMeta = {
  id: 'tracking.tag_without_hit',
  section: 'measured',
  severity: 'warning',
  title: 'Analytics tag loads but sends no hit',
  impact: 'Visits to these pages are missing from the analytics reports even though the tag is installed.',
  docs: '/docs/checks/tracking.tag_without_hit',
  requires: ['pages', 'requests', 'consent', 'headers', 'globals', 'cookies'],
    optional: ['dom'],
  thresholds: { only_vendors_that_hit_on_load: true },
};

/** The tag ran in the page itself: a script the main document lists, or a global only the tag defines. */
function tagRan(o: Observation, vendorId: string): boolean {
  const s = o.vendors.get(vendorId);
  return !!s && (s.scripts.some((x) => x.in_document) || s.globals.length > 0);
}

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const ctx = consentContext(evidence);
  const after = ctx.accept && ctx.accepted ? observeLoad(ctx.accept, views.isFirstParty) : null;
  const anyAnalyticsAfter = !!after && [...after.vendors.values()].some((s) => isAnalytics(s.vendor) && s.hits.length > 0);

  const silent = new Map<string, { name: string; pages: { url: string; scripts: string[]; globals: string[] }[]; ids: Set<string> }>();
  const hitting = new Map<string, number>();
  for (const page of views.loadedPages.filter((p) => isHtmlPage(p, views.isFirstParty))) {
    const o = observePage(page, views.isFirstParty);
    for (const s of o.vendors.values()) {
      if (!s.vendor.auto_hit || s.vendor.kind === 'tag_manager') continue;
      if (s.hits.length) {
        hitting.set(s.vendor.id, (hitting.get(s.vendor.id) ?? 0) + 1);
        continue;
      }
      // A tag script that failed or that our guard refused never ran: not the tag's defect.
      if (!tagRan(o, s.vendor.id) || s.failed_scripts.length) continue;
      if (ctx.banner) {
        // Before consent, silence is correct. It is a defect only if accepting did not wake this tag while
        // other analytics did send (if nothing sent after accepting, tracking.no_hit_after_consent reports it).
        if (!after) continue;
        if (after.vendors.get(s.vendor.id)?.hits.length) continue;
        if (!anyAnalyticsAfter) continue;
      }
      const entry = silent.get(s.vendor.id) ?? { name: s.vendor.name, pages: [], ids: new Set<string>() };
      entry.pages.push({ url: page.url, scripts: s.scripts.filter((x) => x.in_document).map((x) => x.url), globals: s.globals });
      for (const x of s.scripts) if (x.id) entry.ids.add(x.id);
      silent.set(s.vendor.id, entry);
    }
  }

  return [...silent.entries()].map(([vendor, e]) => {
    const pages = capped(e.pages);
    return {
      page: e.pages.length === 1 ? e.pages[0]!.url : undefined,
      title: `${e.name} tag loads but sends no hit`,
      evidence: {
        vendor, name: e.name, ids: [...e.ids],
        pages: pages.items, more_pages: pages.more, silent_pages: e.pages.length,
        pages_with_hits: hitting.get(vendor) ?? 0,
        hit_after_accept: after ? !!after.vendors.get(vendor)?.hits.length : null,
        ...consentSummary(ctx),
      },
    };
  });
}

export const check: Check = { meta, run };
