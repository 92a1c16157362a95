// A page must never hang a run: dialog loops, redirect loops, endless responses, busy loops, a
// 5 MB DOM, popup storms, downloads, self-navigation and console floods all end within budget,
// and the evidence of every page is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { LIGHTHOUSE_FIXTURES, serveDirectory, serveSite, type FixtureSite } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

describe('hostile pages', () => {
  let browser: BrowserHandle;
  let site: FixtureSite;
  beforeAll(async () => {
    browser = newBrowser();
    site = await serveSite('hostile');
  });
  afterAll(async () => {
    await site?.close();
    await browser?.close();
  });

  it('the run ends within its deadline with every hostile page recorded', async () => {
    const deadlineMs = 45_000;
    const started = Date.now();
    const { bundle, report } = await auditSite(browser, site.url, site.allowlist, { maxPages: 12, deadlineMs });
    const took = Date.now() - started;
    expect(took).toBeLessThan(deadlineMs + 10_000);
    expect(['succeeded', 'timeout']).toContain(report.status);
    const paths = bundle.pages.map((p) => new URL(p.url).pathname);
    for (const p of ['/dialogs', '/busy', '/never-ends', '/huge', '/popups', '/spam', '/loop-a']) expect(paths, p).toContain(p);
    const byPath = (p: string) => bundle.pages.find((x) => new URL(x.url).pathname === p)!;
    expect(byPath('/dialogs').dialogs.length).toBeGreaterThan(0);
    expect(byPath('/busy').navigation_error).toBeTruthy();
    expect(byPath('/loop-a').navigation_error).toMatch(/REDIRECT/);
    expect(byPath('/spam').console.length).toBeLessThanOrEqual(200);
    expect(byPath('/popups').popups.length).toBeGreaterThan(0);
    // The 5 MB DOM is snapshotted to its cap, or, on a starved machine, recorded as unresponsive.
    const huge = byPath('/huge');
    if (huge.html) expect(huge.html.truncated).toBe(true);
    else expect(huge.navigation_error).toMatch(/unresponsive|timed out/);
    expect(JSON.stringify(bundle).length).toBeLessThan(15_000_000);
    // The browser is still usable after all that.
    const again = await auditSite(browser, site.url, site.allowlist, { maxPages: 1, deadlineMs: 20_000 });
    expect(again.bundle.pages[0]!.status).toBe(200);
  }, 120_000);

  it("Lighthouse's infinite-loop page does not hang the run", async () => {
    const lh = await serveDirectory(LIGHTHOUSE_FIXTURES);
    try {
      const started = Date.now();
      const { bundle } = await auditSite(browser, `${lh.origin}/infinite-loop.html`, lh.allowlist, { maxPages: 1, deadlineMs: 30_000 });
      expect(Date.now() - started).toBeLessThan(40_000);
      expect(bundle.pages[0]!.navigation_error).toBeTruthy();
    } finally {
      await lh.close();
    }
  }, 60_000);
});
