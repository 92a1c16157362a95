// A portfolio whose lightbox script takes the href off its thumbnail links and listens for clicks on them
// (as Poptrox does), and a slider whose dots are spans with click listeners: a mouse opens them, Tab never
// reaches them. Beside them what is fine: a card with a click listener whose link inside is the keyboard's
// way in, a tab list whose inactive tab the arrow keys reach (tabindex="-1"), and the same gallery built
// with buttons, and a navigation label whose button beside it fires the same handler. And a CSS dropdown
// menu that opens on :hover only (and, on the good page, a photo whose click goes where a link on the page goes) (beside it, one that also opens on :focus-within, and one that fades in
// on either). Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const page = (mouseOnly: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Min's work${mouseOnly ? '' : ' (good)'}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}.work a,.work button{cursor:pointer;display:inline-block;border:0;padding:0;background:none}
.work img{width:120px;height:80px}.dot{display:inline-block;width:12px;height:12px;border-radius:6px;background:#555;cursor:pointer;margin:4px}
.card{cursor:pointer;border:1px solid #ccc;padding:8px;width:200px}.tag{cursor:pointer;display:inline-block;padding:4px}.photo{cursor:pointer;width:120px;height:40px}.nav-text{cursor:pointer;display:inline-block;padding:4px}
.menu,.sub{list-style:none;margin:0;padding:0}.menu>li{display:inline-block;position:relative;padding:4px}.sub{display:none;position:absolute;top:100%;left:0;background:#fff}
.menu>li:hover .sub${mouseOnly ? '' : ',.menu>li:focus-within .sub'}{display:block}
.dd{position:absolute;visibility:hidden;list-style:none}.dropdown:hover>.dd${mouseOnly ? '' : ',.dropdown:focus-within>.dd'}{visibility:visible}
.langs{position:absolute;visibility:hidden}.group:hover .langs${mouseOnly ? '' : ',.group:focus-within .langs'}{visibility:visible}.more.open{visibility:visible}
.fade-sub{list-style:none;margin:0;padding:0;position:absolute;top:100%;left:0;visibility:hidden;opacity:0;transition:opacity .2s,visibility .2s}.menu>li:hover .fade-sub,.menu>li:focus-within .fade-sub{visibility:visible;opacity:1}.tab{cursor:pointer;display:inline-block;padding:4px}
.menus_item{position:relative}.menus_item_child{display:none;position:absolute;list-style:none}.menus_item:hover .menus_item_child${mouseOnly ? '' : ',.menus_item:focus-within .menus_item_child'}{display:block}
.menu-dropdown{position:relative;display:inline-block}.menu-dropdown__content{position:absolute;visibility:hidden}.menu-dropdown__trigger:hover+.menu-dropdown__content,.menu-dropdown__content:hover${mouseOnly ? '' : ',.menu-dropdown:focus-within .menu-dropdown__content'}{visibility:visible}</style></head><body>
<header><nav aria-label="Main"><ul class="menu">
<li><a href="/work/">Work</a><ul class="sub"><li><a href="/work/thesis/">Thesis</a></li><li><a href="/work/etl/">ETL pipeline</a></li></ul></li>
<li><a href="/talks/">Talks</a><ul class="fade-sub"><li><a href="/talks/pydata/">PyData</a></li></ul></li>
<li><a href="/blog/">Blog</a></li>
<li><div class="group"><button type="button">EN</button><div class="langs"><a href="/ja/">日本語</a> <a href="/de/">Deutsch</a></div></div></li>
<li><div class="group"><button type="button" class="more-toggle">More</button><div class="langs more"><a href="/uses/">Uses</a></div></div></li>
<li><div class="menus_item"><a class="site-page group" href="javascript:void(0);">Articles</a><ul class="menus_item_child"><li><a href="/archives/">Archives</a></li><li><a href="/tags/">Tags</a></li></ul></div></li>
<li class="dropdown"><a href="#" role="button" aria-haspopup="true">Pedia</a><ul class="dd"><li><a href="/pedia/a/">Audits</a></li><li><a href="/pedia/b/">Benchmarks</a></li><li><a href="/pedia/c/">Checklists</a></li></ul></li></ul></nav></header>
<main><h1>Min's work</h1>
<div class="menu-dropdown"><button type="button" class="menu-dropdown__trigger">Download</button><div class="menu-dropdown__content"><ul><li><a href="/thesis.ipynb">.ipynb</a></li><li><a href="/thesis.pdf">.pdf</a></li></ul></div></div>
<div class="work">
${mouseOnly
    ? '<a class="image" href="/img/thesis.png"><img src="/img/thesis.png" alt="Thesis poster"></a><a class="image" href="/img/etl.png"><img src="/img/etl.png" alt="ETL pipeline"></a>'
    : '<button type="button" class="image"><img src="/img/thesis.png" alt="Thesis poster"></button><button type="button" class="image"><img src="/img/etl.png" alt="ETL pipeline"></button>'}
</div>
${mouseOnly ? '<div class="dots"><span class="dot"></span><span class="dot"></span></div>' : '<div class="dots"><button type="button" class="dot" aria-label="Slide 1"></button><button type="button" class="dot" aria-label="Slide 2"></button></div>'}
<div class="card"><h2>Blog</h2><a href="/blog/">Read the blog</a></div>
${mouseOnly ? '' : '<div class="photo" onclick="location.href=\'/blog/\'">Our latest post</div>'}
<ul role="tablist" aria-label="Prices"><li role="tab" tabindex="0" aria-selected="true" class="tab">Classes</li><li role="tab" tabindex="-1" aria-selected="false" class="tab">Courses</li></ul>
<ul class="nav"><li class="nav-item"><button type="button" class="nav-item-toggle" aria-label="Open Usage">+</button><span class="nav-text">Usage</span><ul hidden><li><a href="/blog/">Basics</a></li></ul></li></ul>
${mouseOnly ? '<div role="button" tabindex="0" class="tag" id="prices">Show prices</div>' : ''}
${mouseOnly ? '<ul class="filters"><li><span class="tag">Data</span> <button type="button">Clear</button></li></ul>' : ''}
<div id="popup" hidden></div></main>
<script>
const open = (src) => { const p = document.getElementById('popup'); p.hidden = false; p.textContent = src; };
document.querySelectorAll('.work .image').forEach((a) => {
  const src = a.getAttribute('href') || a.querySelector('img').src;
  a.removeAttribute('href');
  a.addEventListener('click', (e) => { e.preventDefault(); open(src); });
});
document.querySelectorAll('.dot').forEach((d, i) => d.addEventListener('click', () => open('slide ' + i)));
document.querySelector('.card').addEventListener('click', () => { location.href = '/blog/'; });
// A navigation label that toggles its group with the same (bound) function as the button beside it, as
// Antora's does: the button is the keyboard's way to the same action.
document.querySelectorAll('.nav-item').forEach((li) => {
  const toggle = function () { this.querySelector('ul').hidden = !this.querySelector('ul').hidden; };
  li.querySelector('.nav-item-toggle').addEventListener('click', toggle.bind(li));
  li.querySelector('.nav-text').addEventListener('click', toggle.bind(li));
});
// One dispatcher for every element, as jQuery binds: the span and the button beside it share its place in
// the source, yet do different things. The span is still out of the keyboard's reach.
const S = { event: { triggered: null, dispatch: (e) => open(e.target.textContent) } };
document.querySelectorAll('.filters span, .filters button').forEach((t) => t.addEventListener('click', function (e) { return void 0 !== S && S.event.triggered !== e.type ? S.event.dispatch.apply(t, arguments) : void 0; }));
// As BootstrapMade's templates bind it: the dropdown's trigger opens its menu on click only in the phone
// layout, which this desktop page is not in (Enter does nothing).
document.querySelectorAll('.dropdown > a').forEach((a) => a.addEventListener('click', (e) => { e.preventDefault(); if (document.body.classList.contains('navbar-mobile')) a.nextElementSibling.classList.toggle('open'); }));
// A "More" button whose own listener opens its menu: Enter opens it too.
document.querySelector('.more-toggle').addEventListener('click', () => document.querySelector('.more').classList.toggle('open'));
// A roving-tabindex tab list: the inactive tab is reached with the arrow keys.
document.querySelectorAll('.tab').forEach((t) => t.addEventListener('click', () => open(t.textContent)));
// A div made a button with a click listener only: Tab reaches it, Enter and Space do nothing.
document.getElementById('prices')?.addEventListener('click', () => open('prices'));
${mouseOnly ? '' : `// The tab list's arrow keys, Enter and Space, handled on the list (the good page only).
document.querySelector('[role=tablist]').addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') open(e.target.textContent); });`}
</script></body></html>`;

describe('clickable elements on the start page', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const body = path === '/' ? page(true) : path === '/good/' ? page(false) : path === '/blog/' ? '<!doctype html><html lang="en"><head><title>Blog</title></head><body><h1>Blog</h1></body></html>' : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('lists those a mouse can use and a keyboard cannot reach', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    expect(bundle.pages[0]!.keyboard!.pointer_only!.map((e) => `${e.tag} ${e.text}`)).toEqual(['a Thesis poster', 'a ETL pipeline', 'span ', 'span ', 'span Data']);
    const [f, menus] = (report.findings ?? []).filter((x) => x.check_id === 'a11y.keyboard_unreachable');
    expect(f).toMatchObject({ severity: 'warning', title: '5 clickable elements no keyboard can reach (first: a “Thesis poster”)' });
    expect(bundle.pages[0]!.keyboard!.hover_only_menus!.map((m) => [m.tag, m.text, m.links])).toEqual([['a', 'Work', 2], ['button', 'EN', 2], ['a', 'Articles', 2], ['a', 'Pedia', 3], ['button', 'Download', 2]]);
    // The submenu's links are named even though they were read while hidden (visibility: hidden).
    expect(bundle.pages[0]!.keyboard!.hover_only_menus!.map((m) => m.sample.every((name) => name !== ''))).toEqual([true, true, true, true, true]);
    expect(menus).toMatchObject({ severity: 'warning', title: '5 menus open only on hover: 11 links no keyboard can reach (first: under a “Work”)' });
    // Tab reaches these and the keys do nothing: the tab list has no key handling at all, the div-button neither.
    expect(bundle.pages[0]!.keyboard!.keys_ignored!.map((e) => `${e.tag} ${e.text}`)).toEqual(['li Classes', 'div Show prices']);
    const deaf = (report.findings ?? []).find((x) => x.check_id === 'a11y.keyboard_unreachable' && /Enter and Space/.test(x.title));
    expect(deaf).toMatchObject({ severity: 'warning', title: '2 controls Tab reaches that Enter and Space do not work (first: li “Classes”)' });
  });

  it('passes controls that are buttons, and a clickable card whose link is the way in', async () => {
    const { bundle, report } = await site.audit('/good/', { maxPages: 1 });
    expect(bundle.pages[0]!.keyboard!.pointer_only).toEqual([]);
    expect(bundle.pages[0]!.keyboard!.hover_only_menus).toEqual([]);
    expect(bundle.pages[0]!.keyboard!.keys_ignored).toEqual([]);
    expect((report.findings ?? []).filter((x) => x.check_id === 'a11y.keyboard_unreachable')).toEqual([]);
  });
});
