// A file whose connection failed once through the audit's own proxy and loaded on the other page: the
// report says it was the audit's connection that failed (not the site answering with an error), at info,
// outside the grades. Real Chromium and the guard proxy; the loopback site drops the first connection
// for its stylesheet, as an overloaded server (or our machine under load) sometimes does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveOnLoopback } from '../support/loopback.js';

const PAGE = (title: string, next: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/theme.css"></head>
<body><main><h1>${title}</h1><p>Text.</p><a href="${next}">Next</a></main></body></html>`;

describe("the audit's own connection failures", () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('are said to be the audit\'s own, at info, when the proxy could not get the file', async () => {
    let cssRequests = 0;
    const site = await serveOnLoopback((req, res) => {
      const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (req.url === '/') return html(PAGE('Home', '/b'));
      if (req.url === '/b') return html(PAGE('Second', '/'));
      if (req.url === '/theme.css') {
        // The first connection for it is dropped without an answer; every later one is served.
        if (++cssRequests === 1) return void req.socket.destroy();
        return res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'no-store' }).end('body { color: #111; }');
      }
      res.writeHead(404).end();
    });
    const { port } = site;
    try {
      const { bundle, report } = await auditSite(browser, `http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`], { maxPages: 2, pageConcurrency: 1 });
      const css = bundle.pages.flatMap((p) => p.requests).filter((r) => r.url.endsWith('/theme.css'));
      expect(css.some((r) => r.status === 200)).toBe(true);
      expect(css.find((r) => r.status === null)?.failure).toMatch(/^net::ERR_CONNECTION_FAILED \((ECONNRESET|socket hang up)\)$/);
      const failed = report.findings!.filter((f) => f.check_id === 'http.failed_resource');
      expect(failed.map((f) => [f.severity, f.title])).toEqual([['info', "1 resource(s) failed once when the audit's own connection (through its proxy) failed, but loaded on other pages"]]);
      expect(failed[0]!.evidence).toMatchObject({ resources: [{ url: `http://127.0.0.1:${port}/theme.css`, intermittent: true, proxy_error: expect.any(String) }] });
    } finally {
      await site.close();
    }
  }, 90_000);
});
