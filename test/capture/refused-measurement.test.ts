// An installation that reaches only its allowlisted hosts (QA_URL_ALLOWLIST_ONLY) refuses a site's analytics
// endpoint: the tag still counts as firing, no check punishes the site, and the report's notes say that
// delivery was not verified. It refuses the site's other third-party parts too (stylesheets, fonts,
// images, frames): no check blames the site for them, and the same note says they were not loaded.
// Real Chromium, a loopback site; the refused hosts are never looked up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveOnLoopback } from '../support/loopback.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Measured</title></head><body><h1>Measured</h1>
<script>
fetch('https://stats.siteqa-nowhere.invalid/api/event', { method: 'POST', headers: { 'content-type': 'text/plain' },
  body: JSON.stringify({ n: 'pageview', u: location.href, d: 'measured.example' }) }).catch(() => {});
</script></body></html>`;

/** Each part on a host the allowlist does not list: `.invalid` names over https, and this server under another name. */
const DOCS_PAGE = (port: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<link rel="stylesheet" href="https://styles.siteqa-nowhere.invalid/site.css">
<style>@font-face { font-family: Remote; src: url(https://fonts.siteqa-nowhere.invalid/remote.woff2) format('woff2'); } h1 { font-family: Remote, sans-serif; }</style>
</head><body><main><h1>Docs</h1><p>Reference pages.</p>
<img src="https://images.siteqa-nowhere.invalid/logo.png" alt="Logo" width="120" height="40">
<img src="http://localhost:${port}/banner.png" alt="Banner" width="120" height="40">
<iframe src="https://embed.siteqa-nowhere.invalid/player" title="Demo video" width="320" height="180"></iframe>
</main></body></html>`;

describe('measurement requests refused by the URL guard', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts the hit as sent, reports nothing against the site, and notes that delivery was not verified', async () => {
    const site = await serveOnLoopback((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
    const { port } = site;
    try {
      const { bundle, report } = await auditSite(browser, `http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`], { maxPages: 1, allowlistOnly: true });
      const hit = bundle.pages[0]!.requests.find((r) => r.url.includes('/api/event'));
      expect(hit).toMatchObject({ blocked: true, failure_reason: 'guard' });
      expect(report.findings!.filter((f) => f.check_id.startsWith('tracking.')).map((f) => f.check_id)).toEqual([]);
      expect(bundle.notes).toContain(
        "Analytics hits (Plausible) on 1 page were refused by the audit's URL guard, because this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY): the tags count as firing, but that their hits are delivered was not verified.",
      );
    } finally {
      await site.close();
    }
  }, 90_000);

  it('notes the stylesheets, fonts, images and frames it refused, and no check blames the site for them', async () => {
    let port = 0;
    const site = await serveOnLoopback((req, res) => {
      if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DOCS_PAGE(port));
      else if (req.url === '/favicon.ico') res.writeHead(200, { 'content-type': 'image/x-icon' }).end('icon');
      else res.writeHead(404).end();
    });
    port = site.port;
    try {
      const { bundle, report } = await auditSite(browser, `http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`], { maxPages: 1, allowlistOnly: true });
      // (axe reads the refused stylesheet again with XHR: the note counts it once, as a stylesheet)
      const refused = bundle.pages[0]!.requests.filter((r) => r.blocked && r.failure_reason === 'guard' && r.resource_type !== 'xhr').map((r) => `${r.resource_type} ${r.url}`).sort();
      expect(refused).toEqual([
        'document https://embed.siteqa-nowhere.invalid/player',
        'font https://fonts.siteqa-nowhere.invalid/remote.woff2',
        `image http://localhost:${port}/banner.png`,
        'image https://images.siteqa-nowhere.invalid/logo.png',
        'stylesheet https://styles.siteqa-nowhere.invalid/site.css',
      ]);
      const refusedHosts = /siteqa-nowhere\.invalid|localhost:/;
      // A finding may name them to say it could not verify itself without them (a11y.reflow: the page at
      // 320 px was laid out without the refused stylesheet), never to blame the site.
      const blamed = report.findings!.filter((f) => refusedHosts.test(JSON.stringify(f.evidence)) && !(f.severity === 'info' && f.evidence?.not_verified)).map((f) => f.check_id);
      expect(blamed).toEqual([]);
      // Nothing else on the page is broken: the Works section has nothing to say at all.
      expect(report.findings!.filter((f) => f.section === 'works').map((f) => f.check_id)).toEqual([]);
      expect(bundle.notes).toContain(
        "Requests of the pages were refused by the audit's URL guard, because this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY): " +
          `stylesheets from styles.siteqa-nowhere.invalid on 1 page; fonts from fonts.siteqa-nowhere.invalid on 1 page; images from images.siteqa-nowhere.invalid, localhost:${port} on 1 page; frames from embed.siteqa-nowhere.invalid on 1 page. ` +
          "They were not loaded, so the layout, contrast and timing measured may differ from a visitor's, and no check counts them against the site.",
      );
    } finally {
      await site.close();
    }
  }, 90_000);
});
