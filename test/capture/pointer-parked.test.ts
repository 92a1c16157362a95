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

describe('the mouse pointer when a page is read', () => {
  const site = loopbackSite((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));

  it('rests over the background, so the top-left link is judged unhovered', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const contrast = bundle.pages[0]!.accessibility!.violations.find((v) => v.id === 'color-contrast');
    expect(contrast?.nodes.map((n) => n.target) ?? []).toEqual([]);
  }, 60_000);
});
