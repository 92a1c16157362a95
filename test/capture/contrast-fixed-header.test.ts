// A fixed, transparent header over a hero gradient (a common blog and marketing layout): axe scrolls while
// it measures, and measured the header's white links against the content that had scrolled under them
// (the page's white, 1.05:1), although at the top of the page they lie over the gradient. What the
// browser paints under such text is read; over an image or gradient it is set aside as axe's own policy
// wants. Solid low contrast is still reported. Real Chromium, the crawl's axe run.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blog</title><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;background:#fff;font:16px sans-serif}
.nav-container{position:fixed;top:0;right:0;left:0;z-index:1030;background:transparent}
#menu{display:flex;list-style:none;margin:0;padding:16px}#menu a{color:#f8f9fa;margin-right:16px;font-weight:700}
.hero-container{position:relative;padding-top:60px}
.hero-background{position:absolute;top:0;right:0;bottom:0;left:0}
.hero{position:relative;min-height:320px;padding:0 16px;color:#fff}
main{position:relative;padding:24px}.faint{color:#bbbbbb}</style></head>
<body><header><div class="nav-container"><nav aria-label="Main"><ul id="menu"><li><a href="/">Blog</a></li><li><a href="/">Publication</a></li><li><a href="/">About</a></li></ul></nav></div></header>
<div class="hero-container"><div class="hero-background" style="background:linear-gradient(-225deg,#2CD8D5,#6B8DD6,#8E37D7)"></div><div class="hero"><h1>Blog</h1></div></div>
<main>${Array.from({ length: 12 }, (_, i) => `<article><h2>Post ${i + 1}</h2><p>Notes from the workshop, part ${i + 1}, with enough words to fill a line or two of text.</p></article>`).join('')}
<p class="faint">Posted on 3 May</p></main></body></html>`;

describe('contrast of a fixed header over a hero', () => {
  const site = loopbackSite((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    res.writeHead(404).end();
  });

  it('sets aside the header links over the gradient and keeps the faint text on white', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const a11y = bundle.pages[0]!.accessibility!;
    expect(a11y.violations.find((v) => v.id === 'color-contrast')?.nodes.map((n) => n.target)).toEqual(['.faint']);
    expect(a11y.set_aside_over_image).toBe(3);
  }, 60_000);
});
