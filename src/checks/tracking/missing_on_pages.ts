// Measured: an analytics vendor or tag manager present on most HTML pages is missing from some.
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, isAnalytics, isHtmlPage, observePage, present } from './observations.js';

export const meta: CheckMeta = {
  id: 'tracking.missing_on_pages',
  section: 'measured',
  severity: 'warning',
  title: 'Analytics missing on some pages',
  impact: 'Visits to pages without the tag are not counted, so reports undercount traffic and break funnels.',
  docs: '/docs/checks/tracking.missing_on_pages',
  requires: ['pages', 'requests', 'headers', 'globals', 'cookies'],
    optional: ['dom', 'consent'],
  thresholds: { min_html_pages: 3, min_share_present: 0.6 },
};

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  const minPages = meta.thresholds!.min_html_pages as number;
  const minShare = meta.thresholds!.min_share_present as number;
  // Crawled pages are all loaded the same way (no consent interaction), so they compare like with like.
  const pages = views.loadedPages.filter((p) => isHtmlPage(p, views.isFirstParty));
  if (pages.length < minPages) return [];
  const observations = pages.map((p) => ({ page: p, o: observePage(p, views.isFirstParty) }));

  const byVendor = new Map<string, { name: string; present: number; missing: string[] }>();
  const vendors = new Map(observations.flatMap(({ o }) => [...o.vendors.values()].map((s) => [s.vendor.id, s.vendor] as const)));
  for (const [id, vendor] of vendors) {
    if (!isAnalytics(vendor) && vendor.kind !== 'tag_manager') continue;
    const missing = observations.filter(({ o }) => !present(o.vendors.get(id))).map(({ page }) => page.url);
    const presentOn = pages.length - missing.length;
    if (!missing.length || presentOn / pages.length < minShare) continue;
    byVendor.set(id, { name: vendor.name, present: presentOn, missing });
  }

  // One template defect, one finding: vendors missing on exactly the same pages (GTM and the GA4 it loads) merge.
  const groups = new Map<string, { vendors: string[]; names: string[]; present: number; missing: string[] }>();
  for (const [id, e] of byVendor) {
    const key = e.missing.join('\n');
    const g = groups.get(key) ?? { vendors: [], names: [], present: e.present, missing: e.missing };
    g.vendors.push(id);
    g.names.push(e.name);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const missing = capped(g.missing);
    return {
      page: g.missing.length === 1 ? g.missing[0] : undefined,
      title: `${g.names.join(' and ')} missing on ${g.missing.length} of ${pages.length} pages`,
      evidence: {
        vendors: g.vendors, names: g.names, html_pages: pages.length, present_on: g.present,
        missing_on: missing.items, more_missing: missing.more, min_share_present: minShare,
      },
    };
  });
}

export const check: Check = { meta, run };
