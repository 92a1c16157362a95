// Measured: one vendor reports to different property ids on different pages (or to several on one page).
import { vendorById } from '../../evidence/vendors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, isHtmlPage, observePage } from './observations.js';

export const meta: CheckMeta = {
  id: 'tracking.inconsistent_ids',
  section: 'measured',
  severity: 'warning',
  title: 'Different measurement IDs across pages',
  impact: 'Pages that report to another property split the site\'s data, so no single report shows the whole site.',
  docs: '/docs/checks/tracking.inconsistent_ids',
  requires: ['pages', 'requests', 'headers', 'globals', 'cookies'],
    optional: ['dom', 'consent'],
  thresholds: { several_ids_on_every_page_severity: 'info' },
};

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  // vendor → page → ids it reported to (hits about the page itself, and tag scripts of the main document)
  const idsByVendor = new Map<string, Map<string, Set<string>>>();
  for (const page of views.loadedPages.filter((p) => isHtmlPage(p, views.isFirstParty))) {
    const o = observePage(page, views.isFirstParty);
    for (const s of o.vendors.values()) {
      const ids = new Set<string>();
      for (const h of s.hits) if (h.id) ids.add(h.id);
      for (const x of s.scripts) if (x.id && x.in_document) ids.add(x.id);
      if (!ids.size) continue;
      const pages = idsByVendor.get(s.vendor.id) ?? new Map<string, Set<string>>();
      pages.set(page.url, ids);
      idsByVendor.set(s.vendor.id, pages);
    }
  }

  const drafts: FindingDraft[] = [];
  for (const [vendor, pages] of idsByVendor) {
    const name = vendorById(vendor)?.name ?? vendor;
    const variants = new Map<string, string[]>();
    for (const [url, ids] of pages) {
      const key = [...ids].sort().join(', ');
      variants.set(key, [...(variants.get(key) ?? []), url]);
    }
    const allIds = [...new Set([...pages.values()].flatMap((s) => [...s]))].sort();
    if (variants.size > 1) {
      drafts.push({
        title: `${name} reports to different IDs on different pages (${allIds.slice(0, 5).join(', ')})`,
        evidence: {
          vendor, name, ids: allIds,
          variants: [...variants.entries()].map(([ids, urls]) => {
            const c = capped(urls, 10);
            return { ids: ids.split(', '), pages: c.items, more_pages: c.more, page_count: urls.length };
          }),
        },
      });
    } else if (allIds.length > 1) {
      // The same several ids on every page: often intentional (a roll-up property, an agency's pixel).
      const urls = capped([...pages.keys()], 10);
      drafts.push({
        severity: 'info',
        title: `${name} reports to ${allIds.length} IDs on every page (${allIds.slice(0, 5).join(', ')})`,
        evidence: { vendor, name, ids: allIds, pages: urls.items, more_pages: urls.more, page_count: pages.size },
      });
    }
  }
  return drafts;
}

export const check: Check = { meta, run };
