// Lighthouse's own smoke-test pages (kept as data in the shared folder): pages with planted problems
// that any serious audit tool must handle, including one that breaks naive axe-core injection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { LIGHTHOUSE_FIXTURES, serveDirectory, type FixtureSite } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

describe("Lighthouse's peer fixtures", () => {
  let browser: BrowserHandle;
  let lh: FixtureSite;
  beforeAll(async () => {
    browser = newBrowser();
    lh = await serveDirectory(LIGHTHOUSE_FIXTURES);
  });
  afterAll(async () => {
    await browser?.close();
    await lh?.close();
  });

  const idsOf = (findings: { check_id: string; tier: string }[] = []) => new Set(findings.filter((f) => f.tier === 'verified').map((f) => f.check_id));

  it('a11y_tester: axe runs despite the page\'s throwing AMD `define`, and its failures are reported', async () => {
    const { bundle, report } = await auditSite(browser, `${lh.origin}/a11y/a11y_tester.html`, lh.allowlist, { maxPages: 1 });
    expect(bundle.pages[0]!.accessibility?.error).toBeNull();
    const ids = idsOf(report.findings);
    for (const id of ['a11y.image_alt', 'a11y.label', 'a11y.button_name', 'a11y.link_name', 'a11y.color_contrast', 'a11y.aria_roles', 'a11y.html_has_lang']) expect(ids, id).toContain(id);
    expect(report.sections!.accessible.grade).toBe('F');
  }, 60_000);

  it('seo-failure-cases: noindex, foreign canonical, invalid hreflang, missing lang and viewport', async () => {
    const { report } = await auditSite(browser, `${lh.origin}/seo/seo-failure-cases.html`, lh.allowlist, { maxPages: 1 });
    const ids = idsOf(report.findings);
    for (const id of ['seo.noindex', 'seo.canonical_host_mismatch', 'seo.hreflang_invalid', 'seo.html_lang', 'seo.viewport_missing']) expect(ids, id).toContain(id);
  }, 60_000);
});
