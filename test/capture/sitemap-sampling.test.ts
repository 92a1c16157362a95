// A 62-page docs site where one template holds 45 pages and the defects sit at the far end of
// chains in small templates: the sitemap seeds the crawl, the budget is spread across URL templates,
// and every planted defect is found within a budget of a third of the site. Real Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { serveSite, SITES_DIR } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

interface Planted { defect: string; section: string; severity: string; check_hint: string; page: string }

describe('sitemap-seeded, template-sampled crawl (docs fixture)', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(() => browser?.close());

  it('finds the defects deep in small templates within a 20-page budget and says how much of the sitemap it covered', async () => {
    const planted = JSON.parse(readFileSync(join(SITES_DIR, 'docs', 'expected.json'), 'utf8')) as Planted[];
    const site = await serveSite('docs');
    try {
      const { bundle, report } = await auditSite(browser, site.url, site.allowlist, { maxPages: 20, deadlineMs: 90_000 });
      expect(bundle.pages).toHaveLength(20);
      const verified = (report.findings ?? []).filter((f) => f.tier === 'verified');
      const missing = planted.filter((p) => !verified.some((f) => f.check_id === p.check_hint && f.severity === p.severity && JSON.stringify(f.evidence).includes(p.page)));
      expect(missing.map((p) => p.defect)).toEqual([]);

      // One kind of page never eats the budget: every template visited, the big one only in turn.
      const coverage = bundle.site.coverage!;
      expect(coverage).toMatchObject({ sitemap_urls: 62, sitemap_urls_visited: 20, templates_known: 11, templates_visited: 11 });
      expect(coverage.templates.find((t) => t.template === '/reference/<x>/<x>')).toMatchObject({ known: 45 });
      expect(coverage.templates.find((t) => t.template === '/reference/<x>/<x>')!.visited).toBeLessThanOrEqual(5);
      expect(report.notes).toContain('Coverage: the sitemap lists 62 pages, 20 visited (32%); 11 of 11 kinds of page (URL templates) visited');
    } finally {
      await site.close();
    }
  }, 180_000);
});
