// A page that leaves itself after it has loaded and settled (a "not found" page refreshing to the home
// page after three seconds, a timed script redirect): what the next document requests is not this
// page's evidence. Under load, a 404 page's capture once outlived its refresh, and the home page's
// unfinished analytics request, recorded on the 404 page, read as a failing script host, and the
// steps after it read the home page's title and accessibility. Real Chromium, the crawl's page session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { newRunContext } from '../../src/capture/run-context.js';
import { PageSession } from '../../src/capture/session/page-session.js';
import { TabPool } from '../../src/capture/session/tab-pool.js';
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

  it('stays on the document it loaded once held, records nothing of the one it was going to, and says where', async () => {
    // The crawl's own context: its guard proxy, performance observers and image-error log.
    const context = await newRunContext(await handle.get(), proxy.url, 'siteqa-test');
    const budget = { deadline: Date.now() + 20_000, navTimeoutMs: 10_000, settleMaxMs: 1500, quietMs: 250, htmlCapBytes: 1_000_000 };
    // A kept tab, as the crawl's: handed back after the page, it is reused for the next one.
    const tabs = new TabPool(context, 1);
    const session = await PageSession.open(context, { budget, isBlocked: () => false, isStubbed: () => false }, tabs);
    try {
      expect((await session.goto(`${server.origin}/virtual/`)).error).toBeNull();
      await session.holdDocument();
      // What the page's <meta http-equiv="refresh" content="3; url=/"> does, three seconds later.
      await session.page.evaluate(`location.href = '/'`);
      await session.page.waitForTimeout(300);
      // The document stays live: what it asks for afterwards is still its own.
      await session.page.evaluate(`fetch('/late.json').catch(() => {})`);
      await session.page.waitForTimeout(300);
      expect(session.net.departure()).toBe(`${server.origin}/`);
      expect(session.page.url()).toBe(`${server.origin}/virtual/`);
      expect(await session.page.title()).toBe('Not found');
      expect(session.net.records.map((r) => new URL(r.url).pathname)).toEqual(['/virtual/', '/missing-logo.png', '/late.json']);
      expect(session.net.mainDocument()?.record).toMatchObject({ url: `${server.origin}/virtual/`, status: 404 });
      // The tab is handed back without the hold, blanked and kept: the next page's navigation goes through.
      session.reusable = true;
      await session.close();
      const next = await PageSession.open(context, { budget, isBlocked: () => false, isStubbed: () => false }, tabs);
      expect(next.page).toBe(session.page);
      expect((await next.goto(`${server.origin}/`)).error).toBeNull();
      expect(next.page.url()).toBe(`${server.origin}/`);
      await next.close();
    } finally {
      await context.close();
    }
  }, 30_000);
});
