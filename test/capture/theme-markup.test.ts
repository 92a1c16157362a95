// Markup themes ship (Quarto's book, an Eleventy blog on Pico CSS): images sized by the theme's
// stylesheet rather than attributes, and a sidebar toggle written as an <a role="button"> with an
// onclick. Neither is a defect: not an unsized image, not a link search engines cannot follow. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const css = `.black-logo{width:2rem;height:2rem} .card img{width:100%;aspect-ratio:16/9}
@media (max-width: 600px){ .hero{height:120px;width:100%} }
.avatar{width:auto}`;
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/style.css"></head><body>
<header><a class="flex-grow-1" role="button" data-bs-toggle="collapse" aria-label="Toggle sidebar navigation" onclick="document.body.classList.toggle('open')">☰ Notes</a>
<a onclick="location.href='/shop'">Shop</a></header>
<main><h1>Notes</h1>
<a href="/"><img class="black-logo" src="/logo.png" alt="Mastodon"></a>
<div class="card"><img src="/photo.png" alt="A card photo"></div>
<img class="hero" src="/photo.png?hero" alt="Hero">
<img class="avatar" src="/logo.png?avatar" alt="Avatar">
</main></body></html>`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGP4z8CAB+GTG8HSALfKY52fTcuYAAAAAElFTkSuQmCC', 'base64');

describe('theme markup', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/style.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(css);
    if (path === '/logo.png' || path === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(path === '/' ? page : 'not found');
  });

  it('reads image sizing from stylesheet rules and leaves anchors given another role out of script links', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const dom = bundle.pages[0]!.dom!;
    expect(dom.images.map((i) => [new URL(i.src).pathname + new URL(i.src).search, i.sheet_size ?? null])).toEqual([
      ['/logo.png', { width: '2rem', height: '2rem', aspect_ratio: null }],
      ['/photo.png', { width: '100%', height: null, aspect_ratio: '16 / 9' }],
      // A rule inside a media query that does not apply at the audit's width does not size it.
      ['/photo.png?hero', null],
      ['/logo.png?avatar', null],
    ]);
    const unsized = (report.findings ?? []).find((f) => f.check_id === 'perf.unsized_images');
    expect((unsized?.evidence?.images as { selector: string }[]).map((i) => i.selector).sort()).toEqual(['html > body > main > img:nth-of-type(1)', 'html > body > main > img:nth-of-type(2)']);
    // The toggle says it is a button; the anchor navigating by onclick alone is a link search engines cannot follow.
    expect(dom.script_links.map((l) => l.text)).toEqual(['Shop']);
  });
});
