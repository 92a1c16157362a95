// Discovery where a visitor goes: a single-page app whose nav is buttons and <a> without href. The
// crawl clicks them (read-only: never Log out or Delete), visits the pushState routes as pages, and
// reports the exception thrown on a route and in a tab only a click reaches. Real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { serveSite } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

describe('interactive discovery (spa fixture)', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(() => browser?.close());

  it('reaches the routes only clicks lead to and reports what throws there, without clicking anything that writes', async () => {
    const site = await serveSite('spa');
    try {
      const { bundle, report } = await auditSite(browser, site.url, site.allowlist, { maxPages: 10 });
      const byPath = new Map(bundle.pages.filter((p) => !p.reached_by?.after_click).map((p) => [new URL(p.url).pathname, p]));
      expect([...byPath.keys()].sort()).toEqual(['/', '/docs', '/pricing', '/reports', '/team']);
      expect(byPath.get('/reports')).toMatchObject({ region: 'click', status: 200, reached_by: { clicks: ['Reports'], route: 'push_state', after_click: false } });

      const uncaught = (report.findings ?? []).filter((f) => f.check_id === 'errors.uncaught_exception' && f.tier === 'verified');
      const onReports = uncaught.find((f) => String(f.evidence?.message).includes("reading 'months'"));
      expect(onReports?.evidence).toMatchObject({ pages: [`${site.origin}/reports`] });
      // The tab throws without changing the address: kept as the page right after the click.
      const inTab = uncaught.find((f) => String(f.evidence?.message).includes("reading '0'"));
      expect(inTab?.evidence).toMatchObject({ after_clicking: [`${site.origin}/ → “Changelog”`] });

      expect(site.hits.filter((h) => h.method !== 'GET' && h.method !== 'HEAD').map((h) => `${h.method} ${h.path}`)).toEqual([]);
      expect(site.hits.some((h) => h.path.startsWith('/api/'))).toBe(false);
      expect(bundle.site.coverage).toMatchObject({ click_routes: 4 });
      expect(bundle.site.coverage!.clicked).toBeGreaterThanOrEqual(5);
      expect(report.notes!.some((n) => /elements that navigate without a link clicked, leading to 4 routes/.test(n))).toBe(true);
    } finally {
      await site.close();
    }
  }, 120_000);
});
