// A page that leaves itself after it has loaded and settled (a "not found" page refreshing to the home
// page after three seconds, a timed script redirect): what the next document requests is not this
// page's evidence. Under load, a 404 page's capture once outlived its refresh, and the home page's
// unfinished analytics request, recorded on the 404 page, read as a failing script host. Real Chromium,
// the network recorder the crawl uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { recordNetwork } from '../../src/capture/network-log.js';
import { newRunContext } from '../../src/capture/run-context.js';
import { startGuardProxy, type GuardProxy } from '../../src/guard/proxy.js';
import { newBrowser } from '../support/audit.js';
import { serveOnLoopback, type LoopbackServer } from '../support/loopback.js';

const NOT_FOUND = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Page not found</h1><img src="/missing-logo.png" alt=""></body></html>';
const HOME = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title><script async src="/gtag.js"></script></head><body><h1>Home</h1><img src="/hero.png" alt=""></body></html>';

describe('a page that leaves itself after it settled', () => {
  let handle: BrowserHandle;
  let proxy: GuardProxy;
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await serveOnLoopback((req, res) => {
      if (req.url === '/virtual/') return res.writeHead(404, { 'content-type': 'text/html' }).end(NOT_FOUND);
      if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(HOME);
      if (req.url === '/gtag.js') return; // never answers: still in flight when the page is closed
      res.writeHead(404).end();
    });
    handle = newBrowser();
    proxy = await startGuardProxy({ allowlist: [new URL(server.origin).host] });
  });
  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
    await server?.close();
  });

  it('records nothing of the document it went to once sealed, and says where it went', async () => {
    // The crawl's own context: its guard proxy, performance observers and image-error log.
    const context = await newRunContext(await handle.get(), proxy.url, 'siteqa-test');
    const page = await context.newPage();
    try {
      const navStart = Date.now();
      const net = recordNetwork(page, { navStart: () => navStart, isBlocked: () => false, isStubbed: () => false });
      await page.goto(`${server.origin}/virtual/`, { waitUntil: 'load' });
      await net.settle(1500, 250);
      net.seal();
      // What the page's <meta http-equiv="refresh" content="3; url=/"> does, three seconds later.
      await page.evaluate(`location.href = '/'`);
      await page.waitForLoadState('load');
      await page.waitForTimeout(200);
      expect(net.departure()).toBe(`${server.origin}/`);
      expect(net.records.map((r) => new URL(r.url).pathname)).toEqual(['/virtual/', '/missing-logo.png']);
      expect(net.mainDocument()?.record).toMatchObject({ url: `${server.origin}/virtual/`, status: 404 });
      net.detach();
    } finally {
      await context.close();
    }
  }, 30_000);
});
