// Which pages a crawl takes on a site larger than its budget does not depend on which pages answered
// first: two crawls of one site, once with some sections slow and once with the others slow, take
// the same pages, and the evidence lists them in the same order — also when the address typed
// redirects to another host. Real Chromium, a site served here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { captureRun } from '../../src/capture/capture-run.js';
import { crawl } from '../../src/capture/drivers/crawl.js';
import { newBrowser } from '../support/audit.js';
import { serveOnLoopback, type LoopbackServer } from '../support/loopback.js';

const SECTIONS = ['garden', 'kitchen', 'workshop', 'library', 'studio', 'cellar'];

/** Home links six sections; each section links three pages of a kind of its own, found only there. */
function pageFor(path: string): string | null {
  const nav = `<nav>${SECTIONS.map((s) => `<a href="/rooms/${s}">${s}</a>`).join(' ')}</nav>`;
  const doc = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${nav}<main><h1>${title}</h1>${body}</main></body></html>`;
  if (path === '/') return doc('Home', '<p>Rooms of the house.</p>');
  const room = /^\/rooms\/([a-z]+)$/.exec(path)?.[1];
  if (room && SECTIONS.includes(room)) return doc(room, [1, 2, 3].map((i) => `<a href="/${room}-items/item-${i}">item ${i}</a>`).join(' '));
  const item = /^\/([a-z]+)-items\/item-(\d)$/.exec(path);
  if (item && SECTIONS.includes(item[1]!)) return doc(`${item[1]} item ${item[2]}`, '<p>An item.</p>');
  return null;
}

describe('crawl choice under concurrency', () => {
  let browser: BrowserHandle;
  let site: LoopbackServer;
  /** Sections answering slowly in the current crawl (their pages and their items). */
  let slow = new Set<string>();
  beforeAll(async () => {
    browser = newBrowser();
    site = await serveOnLoopback((req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      // The address people type answers with a redirect to the site's own host, as example.com → www. does.
      if (req.headers.host?.startsWith('localhost:')) {
        res.writeHead(301, { location: `${site.origin}${req.url ?? '/'}` }).end();
        return;
      }
      const html = pageFor(path);
      const section = SECTIONS.find((s) => path.startsWith(`/rooms/${s}`) || path.startsWith(`/${s}-items/`));
      setTimeout(() => {
        if (!html) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }, section && slow.has(section) ? 400 : 0);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const crawlOnce = async (slowSections: string[]) => {
    slow = new Set(slowSections);
    const typed = `http://localhost:${site.port}/`;
    const { bundle } = await captureRun(
      { runId: `choice-${slowSections.join('-')}`, url: typed, maxPages: 12, pageConcurrency: 4, deadlineMs: 60_000, guard: { allowlist: [site.host, `localhost:${site.port}`] }, browser },
      crawl, { url: typed, maxPages: 12, accessibility: false, consent: false, interactive: false },
    );
    return bundle.pages.map((p) => new URL(p.final_url).pathname);
  };

  it('takes the same pages, in the same order, whichever sections answer first', async () => {
    const first = await crawlOnce(['garden', 'kitchen', 'workshop']);
    const second = await crawlOnce(['library', 'studio', 'cellar']);
    expect(first).toHaveLength(12);
    expect(second).toEqual(first);
    // The budget reached past the sections into the kinds of page only they link to.
    expect(first.filter((p) => p.includes('-items/')).length).toBeGreaterThan(0);
  }, 120_000);
});
