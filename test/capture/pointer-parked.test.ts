// A headless page starts with the mouse pointer at its top-left corner, where the logo link sits: the
// browser applies :hover there after navigation, so the logo was recorded hovered (here a pale hover
// colour, 1.2:1 on white, which no visitor who is not pointing at it sees). The pointer is rested over
// the page's background before the page is read. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour bakery</title>
<style>body{margin:0;font:16px sans-serif;color:#222;background:#fff}.logo{display:block;width:240px;padding:12px;color:#111;font-weight:700}
.logo:hover{color:#eee}main{padding:16px}</style></head>
<body><a class="logo" href="/">Harbour bakery</a><main><h1>Fresh bread daily</h1><p>Open from seven.</p></main></body></html>`;

// A book layout (bookdown's GitBook, Honkit): a sidebar <nav role="navigation"> and every other pixel inside
// a wrapper with role="main". The chapter link at the top-left turns 3.2:1 blue under the pointer; at rest
// it is dark grey. The main wrapper is a landmark, not a control: its background is a place to rest.
const BOOK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>R for biologists</title>
<style>body{margin:0;font:16px sans-serif;color:#222;background:#fff}
.book-summary{position:absolute;top:0;left:0;bottom:0;width:300px;background:#fafafa}
.book-summary ul{list-style:none;margin:0;padding:0}.book-summary a{display:block;padding:10px 15px;color:#364149}
.book-summary a:hover{color:#008cff}.book-body{position:absolute;top:0;right:0;bottom:0;left:300px}
.page-inner{max-width:800px;margin:0 auto;padding:20px}</style></head>
<body><div class="book"><nav class="book-summary" role="navigation"><ul><li><a href="/book">R for biologists</a></li><li><a href="/book#ch2">Data frames</a></li></ul></nav>
<div class="book-body"><div class="body-inner"><div class="page-wrapper" role="main" tabindex="-1" style="min-height:100vh"><div class="page-inner"><h1>R for biologists</h1><p>A first course.</p></div></div></div></div></div></body></html>`;

describe('the mouse pointer when a page is read', () => {
  const site = loopbackSite((_req, res, { path }) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/book' ? BOOK : PAGE));

  it.each([
    ['a logo link at the top-left', '/'],
    ['a book whose content sits in a role="main" wrapper beside a sidebar', '/book'],
  ])('rests over the background, so the top-left link is judged unhovered: %s', async (_name, path) => {
    const { bundle } = await site.audit(path, { maxPages: 1 });
    const contrast = bundle.pages[0]!.accessibility!.violations.find((v) => v.id === 'color-contrast');
    expect(contrast?.nodes.map((n) => n.target) ?? []).toEqual([]);
  }, 60_000);
});
