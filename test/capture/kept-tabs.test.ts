// The crawl records its pages in kept tabs (src/capture/session/tab-pool.ts): a tab that recorded a
// page is blanked and records the next one, like one visitor's tab moving through the site. Real
// Chromium, a loopback site whose pages leave traces when they are left (an unload beacon, a console
// line, a beforeunload prompt) and remember the tab's history in sessionStorage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveOnLoopback } from '../support/loopback.js';

const page = (name: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head>
<body><h1>Page ${name}</h1><p><a href="/">Home</a></p>
<script>
  const before = sessionStorage.getItem('trail');
  document.title = '${name} after ' + (before || 'nothing');
  sessionStorage.setItem('trail', '${name}');
  addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = 'Leave?'; });
  addEventListener('pagehide', () => {
    console.error('left ${name}');
    fetch('/left?from=${name}', { method: 'POST', keepalive: true });
  });
</script></body></html>`;

const HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head>
<body><h1>Home</h1><nav><a href="/a">A</a> <a href="/b">B</a> <a href="/c">C</a></nav></body></html>`;

describe('kept tabs in the crawl', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('records each page in a tab the previous page left, with nothing of the previous page in its evidence', async () => {
    const left: string[] = [];
    const site = await serveOnLoopback((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/left') {
        left.push(new URL(req.url!, 'http://x').searchParams.get('from')!);
        return res.writeHead(204).end();
      }
      if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME);
      const m = /^\/([abc])$/.exec(path);
      if (m) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(m[1]!));
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    const { host } = site;
    try {
      const { bundle } = await auditSite(browser, `http://${host}/`, [host], { maxPages: 4, pageConcurrency: 1 });
      const crawled = bundle.pages.filter((p) => /\/[abc]$/.test(p.final_url));
      expect(crawled).toHaveLength(3);
      // One tab went from page to page: the first page visited in it saw nothing before it, each next one saw the previous.
      const titles = crawled.map((p) => p.title!).sort();
      const firsts = titles.filter((t) => t.endsWith('after nothing'));
      expect(firsts).toHaveLength(1);
      expect(titles.filter((t) => /after [abc]$/.test(t))).toHaveLength(2);
      // Leaving a page ran its handlers (past its beforeunload prompt)…
      expect(left.length).toBeGreaterThanOrEqual(2);
      // …and none of it is in any page's evidence: not the beacon, not the console line.
      for (const p of bundle.pages) {
        expect(p.requests.filter((r) => r.url.includes('/left'))).toEqual([]);
        expect(p.console.filter((c) => c.text.startsWith('left '))).toEqual([]);
        expect(p.dialogs).toEqual([]);
        expect(p.navigation_error).toBeNull();
      }
    } finally {
      await site.close();
    }
  }, 90_000);
});
