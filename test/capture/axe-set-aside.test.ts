// Nodes axe reports that a visitor never meets are set aside, per rule, after axe has run. Real Chromium,
// the crawl's axe run, our own pages built to the layouts real sites showed:
// - a fixed, transparent header over a hero gradient (a blog's layout): axe scrolls while it measures and
//   measured the header's white links against the content that had scrolled under them (1.05:1),
//   although at the top of the page they lie over the gradient. Solid low contrast is still reported;
// - a closed search panel's result box (MkDocs Material: max-height 0 inside an opacity-0 panel) that
//   axe counts as a scrollable region nobody can focus, on every page. A visible code block that
//   scrolls is still reported;
// - a blog's pagination whose "previous" link on the first page is switched off (class "disabled",
//   pointer-events: none, faded): an inactive component, which WCAG 1.4.3 exempts. A faded link that
//   still works is reported;
// - a notes page's collapsed callout (Quartz: overflow-y hidden, a max-height its script sets) whose
//   small links lie below the clipped height: no pointer reaches them. Small links in view are reported;
// - a Sphinx bibliography, <div role="list"> of doc-biblioentry items: browsers expose them as list
//   items, axe's required-children reading looks inside them. A list of a bare link is still reported.
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

const SEARCH = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>body{margin:0;font:16px sans-serif}.search-output{position:absolute;opacity:0;overflow:hidden}
.search-scrollwrap{max-height:0;overflow-y:auto}pre{width:300px;overflow-x:auto;white-space:pre}</style></head>
<body><header><div class="search-output"><div class="search-scrollwrap"><p>Type to start searching</p><p>No results yet</p></div></div></header>
<main><h1>Docs</h1><pre><code>${'const aVeryLongLineOfCodeThatOverflowsTheBox = 1; '.repeat(8)}</code></pre></main></body></html>`;

const PAGINATION = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Posts</title>
<style>body{margin:0;font:16px sans-serif;background:#252a34;color:#eee}.pagination a{color:#eee;margin-right:12px}
.pagination a.disabled{color:rgba(238,238,238,.5);pointer-events:none;cursor:not-allowed}.pagination a.faded{color:rgba(238,238,238,.5)}</style></head>
<body><main><h1>Posts</h1><nav class="pagination" aria-label="Pages"><a href="#" class="disabled">Previous</a><a href="/page2/">2</a><a href="/page2/" class="faded">Next</a></nav></main></body></html>`;

const CALLOUT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title>
<style>body{margin:0;font:16px sans-serif}.callout{overflow-y:hidden;max-height:40px;border:1px solid #888}
.tiny a{font-size:9px;line-height:10px;display:inline-block;width:12px;height:10px}</style></head>
<body><main><h1>Notes</h1><p class="tiny"><a href="/a">a</a><a href="/b">b</a></p>
<div class="callout is-collapsed"><p>Related</p><div style="height:200px"></div><p class="tiny"><a href="/c">c</a><a href="/d">d</a><a href="/e">e</a></p></div></main></body></html>`;

// Sphinx's bibliography (docutils): a list whose items are doc-biblioentry, each with its back-links;
// beside it, a list holding a bare link, which is missing its list items.
const CITATIONS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>References</title></head>
<body><main><h1>References</h1><div role="list" class="citation-list">
<div class="citation" id="liaudat2023" role="doc-biblioentry"><span class="label">[<a role="doc-backlink" href="#ref1">Liaudat et al., 2023</a>]</span><p>T. Liaudat et al. Rethinking data-driven point spread function modeling. 2023.</p></div>
<div class="citation" id="schmitz2020" role="doc-biblioentry"><span class="label">[<a role="doc-backlink" href="#ref2">Schmitz et al., 2020</a>]</span><p>M. Schmitz et al. Euclid: nonparametric point spread function field recovery. 2020.</p></div>
</div><p id="ref1">One.</p><p id="ref2">Two.</p><div role="list" class="broken"><a href="#ref1">Back</a></div></main></body></html>`;

describe('axe nodes a visitor never meets', () => {
  const site = loopbackSite((req, res) => {
    if (req.url === '/posts/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGINATION);
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url === '/notes/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CALLOUT);
    if (req.url === '/references/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CITATIONS);
    if (req.url === '/search/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SEARCH);
    res.writeHead(404).end();
  });

  it.each<[string, string, string, 'target' | 'html', unknown[], number]>([
    ['the header links over the gradient, keeping the faint text on white', '/', 'color-contrast', 'target', ['.faint'], 3],
    ['a scroll box with no visible area, keeping the code block that scrolls', '/search/', 'scrollable-region-focusable', 'target', ['pre'], 1],
    ['a link switched off as inactive, keeping a faded link that works', '/posts/', 'color-contrast', 'target', ['.faded'], 1],
    ['a bibliography whose items are doc-biblioentry, keeping a list holding a bare link', '/references/', 'aria-required-children', 'target', ['.broken'], 1],
    ['small links a collapsed box clips away, keeping the small links in view', '/notes/', 'target-size', 'html', [expect.stringContaining('/a'), expect.stringContaining('/b')], 3],
  ])('sets aside %s', async (_name, path, rule, read, kept, setAside) => {
    const { bundle } = await site.audit(path, { maxPages: 1 });
    const a11y = bundle.pages[0]!.accessibility!;
    expect(a11y.violations.find((v) => v.id === rule)?.nodes.map((n) => n[read])).toEqual(kept);
    expect(a11y.set_aside).toEqual({ [rule]: setAside });
  }, 60_000);
});
