// What the DOM facts record, read in real Chromium: script links (a menu's parent item over real links, a
// Hexo Butterfly theme's "javascript:void(0);" dropdown parents; a rustdoc "Back" link whose onclick goes
// back; a bare void(0) link), and headings (a logo h1 named by its alt text; an empty h1 a theme left blank).
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Juruoer</title></head><body>
<nav><div class="menus_item"><a class="site-page group" href="javascript:void(0);"><span>Articles</span></a>
<ul class="menus_item_child"><li><a class="site-page child" href="/archives/">Archives</a></li><li><a class="site-page child" href="/tags/">Tags</a></li></ul></div></nav>
<main><h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Juruoer's notes"></h1><h1 class="page-title"></h1><h2>Posts</h2><a id="back" href="javascript:void(0)" onclick="history.back();">Back</a> <a class="shop" href="javascript:void(0)">Shop</a></main></body></html>`;

describe('the DOM facts', () => {
  const site = loopbackSite((_req, res, { path }) => {
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/' ? PAGE : 'not found');
  });

  it('record what each does, and only the bare void(0) is a warning', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    expect(bundle.pages[0]!.dom!.script_links.map((l) => [l.text, l.onclick ?? null, l.submenu ?? false])).toEqual([
      ['Articles', null, true], ['Back', 'history.back();', false], ['Shop', null, false],
    ]);
    const found = (report.findings ?? []).filter((f) => f.check_id === 'seo.crawlable_links').map((f) => [f.severity, (f.evidence!.links as { text: string }[]).map((l) => l.text)]);
    expect(found).toEqual([['warning', ['Shop']], ['info', ['Articles']]]);
    expect(bundle.pages[0]!.dom!.headings).toEqual([{ level: 1, text: "Juruoer's notes" }, { level: 1, text: '' }, { level: 2, text: 'Posts' }]);
  }, 60_000);
});
