// What the browser had no reason to load, checked in a real audit: srcset candidates, stylesheet
// references and links to other sites (two loopback servers; one plays "another site"), with the
// page facts behind the structure checks (heading outline, duplicate ids) read in real Chromium.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';

interface Hit { method: string; path: string; at: number; inFlight: number }

/** A loopback server: `answer` returns [status, content type, body] per path; null hangs. */
async function server(answer: (path: string) => [number, string, string] | null, delayMs = 0) {
  const hits: Hit[] = [];
  let inFlight = 0;
  const s = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    inFlight++;
    hits.push({ method: req.method ?? '', path, at: Date.now(), inFlight });
    const a = answer(path);
    if (!a) return;
    setTimeout(() => {
      inFlight--;
      res.writeHead(a[0], { 'content-type': a[1] }).end(req.method === 'HEAD' ? undefined : a[2]);
    }, delayMs);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  return { port, hits, close: () => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); }) };
}

const PNG = 'image/png';
/** A static host's single-page-app fallback: every unknown path answers 404 with a page that sends the browser on. */
const SPA_FALLBACK = `<!doctype html><html><head><title>App</title><script>
var l = window.location;
l.replace(l.protocol + '//' + l.host + '/?/' + l.pathname.slice(1) + l.hash);
</script></head><body></body></html>`;
const SITE_FILES: Record<string, [number, string, string]> = {
  '/css/site.css': [200, 'text/css', `@import url("print.css") print;
:root { --hero: url(../img/var-only.png); }
.logo { background: url(../img/logo.png) no-repeat; }
@media (min-width: 3000px) { .hero { background-image: url("../img/hero-wide.png"); } }
@supports (display: grid) { .grid:hover { background: url('/img/missing-hover.png'); } }
.mask { mask: url(#fade); filter: url(data:image/svg+xml;base64,AAAA); }
@font-face { font-family: Brand; font-weight: 700; src: url(../fonts/brand-bold.woff2) format("woff2"); }
@font-face { font-family: Old; src: local("Old Sans"), url(../fonts/old.eot?#iefix) format("embedded-opentype"), url(../fonts/old.woff2) format("woff2"), url(../fonts/old.svg#old) format("svg"); }`],
  '/css/print.css': [200, 'text/css', '@page { margin: 1cm } .seal { background: url(seal.png) }'],
  '/img/logo.png': [200, PNG, 'x'],
  '/fonts/old.woff2': [200, 'font/woff2', 'x'],
  '/img/a.png': [200, PNG, 'x'],
  '/img/a,2x.png': [200, PNG, 'x'],
  '/img/b-1600.png': [200, PNG, 'x'],
};

describe('resource probe', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('checks what the page did not load, politely, and the checks report only what is certainly gone', async () => {
    // "Another site": answers slowly, so that overlapping requests would show.
    const other = await server((path) =>
      path === '/ok' ? [200, 'text/html', 'ok'] : path === '/app/deep' ? [404, 'text/html', SPA_FALLBACK] : path === '/wall' ? [403, 'text/html', 'Just a moment...'] : path === '/busy' ? [429, 'text/html', ''] : [404, 'text/html', 'gone'],
    60);
    const otherBase = `http://localhost:${other.port}`;
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probe</title>
<link rel="stylesheet" href="/css/site.css"><style>@media (min-width: 4000px) { body { background: url(/img/inline-wide.png) } }</style></head>
<body><main>
<h1>Probe</h1><h2>Section</h2><h4>Skipped</h4><div role="heading" aria-level="3">Aria</div><h5 hidden>Hidden</h5>
<img src="/img/a.png" srcset="/img/a.png 1x, /img/a,2x.png 2x, /img/a-3x.png 3x" width="10" height="10" alt="A">
<picture><source srcset="/img/b-1600.png 1600w, /img/b-3200.png 3200w" sizes="10px"><img src="/img/a.png" width="10" height="10" alt="B"></picture>
<picture><source srcset="/img/team/Jonas Borms.webp"><img src="/img/a.png" width="10" height="10" alt="Jonas"></picture>
<p id="dup">One</p><p id="dup">Two</p>
<svg width="0" height="0" aria-hidden="true"><defs><linearGradient id="g"></linearGradient></defs></svg><svg width="0" height="0" aria-hidden="true"><defs><linearGradient id="g"></linearGradient></defs></svg>
<template><p id="tpl">T</p></template><p id="tpl">Outside</p>
<div class="slider"><div class="slick-slide slick-cloned" aria-hidden="true"><p id="offer">Spring offer</p></div><div class="slick-slide"><p id="offer">Spring offer</p></div>
<div class="swiper-slide swiper-slide-duplicate"><span id="s2">Two</span></div><div class="swiper-slide"><span id="s2">Two</span></div></div>
<a href="${otherBase}/ok">ok</a> <a href="${otherBase}/gone">gone</a> <a href="${otherBase}/wall">wall</a> <a href="${otherBase}/busy">busy</a>
<a href="${otherBase}/gone#top">gone again</a> <a href="${otherBase}/app/deep">app</a> <a href="http://siteqa-nowhere.invalid/">nowhere</a>
</main></body></html>`;
    const site = await server((path) => (path === '/' ? [200, 'text/html; charset=utf-8', page] : SITE_FILES[path] ?? [404, 'text/html', 'missing']));
    try {
      const allowlist = [`127.0.0.1:${site.port}`, `127.0.0.1:${other.port}`, `localhost:${other.port}`];
      const { bundle, report } = await auditSite(browser, `http://127.0.0.1:${site.port}/`, allowlist, { maxPages: 1 });
      const dom = bundle.pages[0]!.dom!;
      // Capture records where the page's host lies (127.0.0.1: loopback), for the checks to read.
      expect(bundle.pages[0]!.host_address).toBe('private');

      expect(dom.heading_outline!.map((h) => [h.level, h.text, h.hidden, h.aria])).toEqual([
        [1, 'Probe', false, false], [2, 'Section', false, false], [4, 'Skipped', false, false], [3, 'Aria', false, true], [5, 'Hidden', true, false],
      ]);
      // A carousel's clones (aria-hidden slick clone, swiper duplicate) are hidden copies; the SVGs sit in aria-hidden too.
      expect(dom.duplicate_ids!.map((d) => [d.id, d.count, d.in_svg, d.hidden_copies])).toEqual([['dup', 2, false, 0], ['g', 2, true, 2], ['offer', 2, false, 1], ['s2', 2, false, 1]]);
      const origin = `http://127.0.0.1:${site.port}`;
      // "Jonas Borms.webp" (an unencoded space) makes "Borms.webp" a descriptor: the browser drops that candidate.
      expect(dom.srcset_candidates!.map((c) => c.url.replace(origin, ''))).toEqual(['/img/a.png', '/img/a,2x.png', '/img/a-3x.png', '/img/b-1600.png', '/img/b-3200.png']);
      const css = dom.css_refs!.map((c) => `${c.kind} ${c.url.replace(origin, '')} from ${c.from.replace(origin, '')}`);
      expect(css.sort()).toEqual([
        'import /css/print.css from /css/site.css',
        'url /css/seal.png from /css/print.css',
        'url /fonts/brand-bold.woff2 from /css/site.css',
        // The bulletproof @font-face syntax: only the first source a browser supports is ever fetched.
        'url /fonts/old.woff2 from /css/site.css',
        'url /img/hero-wide.png from /css/site.css',
        'url /img/inline-wide.png from inline',
        'url /img/logo.png from /css/site.css',
        'url /img/missing-hover.png from /css/site.css',
      ]);

      // Only what no page requested is checked: the candidates the browser picked (a.png, b-1600.png) are not.
      const checked = bundle.site.resource_checks!.map((c) => `${c.url.replace(origin, '')} ${c.status} ${c.method}`).sort();
      expect(checked).toEqual([
        // The start page declares no icon: the /favicon.ico browsers ask for is looked up.
        '/css/seal.png 404 GET', '/favicon.ico 404 GET', '/fonts/brand-bold.woff2 404 GET', '/fonts/old.woff2 200 HEAD', '/img/a,2x.png 200 HEAD', '/img/a-3x.png 404 GET',
        '/img/b-3200.png 404 GET', '/img/hero-wide.png 404 GET', '/img/inline-wide.png 404 GET', '/img/logo.png 200 HEAD', '/img/missing-hover.png 404 GET',
      ]);
      expect(site.hits.filter((h) => h.path === '/img/var-only.png')).toEqual([]);

      // Another site: one request at a time, HEAD then GET on an error, each URL once (fragment ignored).
      expect(Math.max(...other.hits.map((h) => h.inFlight))).toBe(1);
      expect(other.hits.filter((h) => h.path === '/gone').map((h) => h.method)).toEqual(['HEAD', 'GET']);
      expect(bundle.site.external_link_checks!.map((c) => `${c.url.replace(otherBase, '')} ${c.status ?? c.error}`).sort()).toEqual([
        '/app/deep 404', '/busy 429', '/gone 404', '/ok 200', '/wall 403', expect.stringMatching(/^http:\/\/siteqa-nowhere\.invalid\/ refused .*could not be resolved \(ENOTFOUND\)/),
      ]);

      expect(bundle.site.external_link_checks!.find((c) => c.url.endsWith('/app/deep'))?.client_redirect).toBe('script');
      expect(bundle.notes).toContain('3 links to other sites could not be verified (403, 404 redirecting in the browser, 429); only a 404/410 or a host that does not exist counts as broken');

      const titles = (id: string) => report.findings!.filter((f) => f.check_id === id).map((f) => f.title).sort();
      expect(titles('links.broken_external')).toEqual([`Link to ${otherBase}/gone is broken (404)`, 'Link to siteqa-nowhere.invalid leads nowhere (the host does not exist)']);
      expect(titles('http.srcset_broken')).toEqual(['Image candidate /img/a-3x.png is missing (404)', 'Image candidate /img/b-3200.png is missing (404)']);
      expect(titles('http.css_resource_broken')).toHaveLength(5);
      expect(titles('a11y.heading_order')).toEqual(['Heading levels skip from h2 to h4']);
      expect(titles('a11y.duplicate_id')).toEqual(['The id "dup" is used by 2 elements']);
    } finally {
      await site.close();
      await other.close();
    }
  }, 90_000);

  it('stops asking a host that does not answer after two tries', async () => {
    const silent = await server(() => null);
    const links = [1, 2, 3, 4].map((n) => `<a href="http://localhost:${silent.port}/p${n}">p${n}</a>`).join(' ');
    const site = await server(() => [200, 'text/html', `<!doctype html><html lang="en"><head><title>T</title></head><body><h1>T</h1>${links}</body></html>`]);
    try {
      const { bundle } = await auditSite(browser, `http://127.0.0.1:${site.port}/`, [`127.0.0.1:${site.port}`, `localhost:${silent.port}`], { maxPages: 1 });
      expect(bundle.site.external_link_checks!.map((c) => c.error)).toEqual([expect.stringMatching(/timed out/), expect.stringMatching(/timed out/)]);
      expect(silent.hits).toHaveLength(2);
      expect(bundle.notes).toContain('2 links to other sites could not be verified (no answer); only a 404/410 or a host that does not exist counts as broken');
    } finally {
      await site.close();
      await silent.close();
    }
  }, 90_000);
});
