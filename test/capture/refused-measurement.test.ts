// An installation that reaches only its allowlisted hosts (QA_URL_ALLOWLIST_ONLY) refuses a site's analytics
// endpoint: the tag still counts as firing, no check punishes the site, and the report's notes say that
// delivery was not verified. Real Chromium, a loopback site; the refused host is never looked up.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Measured</title></head><body><h1>Measured</h1>
<script>
fetch('https://stats.siteqa-nowhere.invalid/api/event', { method: 'POST', headers: { 'content-type': 'text/plain' },
  body: JSON.stringify({ n: 'pageview', u: location.href, d: 'measured.example' }) }).catch(() => {});
</script></body></html>`;

describe('measurement requests refused by the URL guard', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts the hit as sent, reports nothing against the site, and notes that delivery was not verified', async () => {
    const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const port = (site.address() as AddressInfo).port;
    try {
      const { bundle, report } = await auditSite(browser, `http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`], { maxPages: 1, allowlistOnly: true });
      const hit = bundle.pages[0]!.requests.find((r) => r.url.includes('/api/event'));
      expect(hit).toMatchObject({ blocked: true, failure_reason: 'guard' });
      expect(report.findings!.filter((f) => f.check_id.startsWith('tracking.')).map((f) => f.check_id)).toEqual([]);
      expect(bundle.notes).toContain(
        "Analytics hits (Plausible) on 1 page were refused by the audit's URL guard, because this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY): the tags count as firing, but that their hits are delivered was not verified.",
      );
    } finally {
      await new Promise<void>((r) => { site.closeAllConnections(); site.close(() => r()); });
    }
  }, 90_000);
});
