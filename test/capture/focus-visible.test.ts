// A small business's home page whose reset stylesheet removes the focus ring from links and buttons and
// gives none back (`a:focus, button:focus { outline: none }`), beside the same page with a
// `:focus-visible` ring that fades in (a transition), a skip link shown only on focus, a search field
// (its caret shows focus, and on the first page it is autofocused: the walk still starts at the top), an
// embedded map (focus goes into the frame; the walk steps over it) and a custom checkbox whose label shows
// the state; and, on the first page, links Tab reaches that cannot be seen focused (a closed off-canvas
// sidebar, a transparent menu, a collapsed box), hidden properly on the second, whose :root scrolls smoothly
// (Bootstrap 5) to a button far below the fold: read where focus lands, not mid-scroll. Real Chromium.
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';
import { walkFocus } from '../../src/capture/focus-walk.js';
import { loopbackSite } from '../support/loopback-site.js';

const page = (ringless: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour bakery${ringless ? '' : ' (good)'}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222}
a,button{color:#0b3d91;transition:box-shadow .3s}
${ringless ? 'a:focus,button:focus,input:focus{outline:none}' : 'a:focus-visible,button:focus-visible{outline:none;box-shadow:0 0 0 3px #0b3d91}'}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px}
.check input{position:absolute;opacity:0;width:1px;height:1px}
.sidebar{position:fixed;top:0;right:0;width:240px;height:100%;background:#fff;transform:translateX(100%)${ringless ? '' : ';visibility:hidden'}}
.back-menu{opacity:0${ringless ? '' : ';visibility:hidden'}}.faq{max-height:0;overflow:hidden}
${ringless ? '' : ':root{scroll-behavior:smooth}.below{height:1600px}'}
</style></head><body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/bread/">Bread</a> <a href="/visit/">Visit us</a></nav></header>
<aside class="sidebar"><a href="/archive/">Archive</a> <a href="/tags/">Tags</a></aside><div class="back-menu"><a href="#top">Top</a></div>
<div class="faq">${ringless ? '<a href="/faq/">Hidden FAQ</a>' : ''}</div>
<main id="main"><h1>Harbour bakery</h1>
<form role="search" action="/search"><label>Search <input type="search" name="q"${ringless ? ' autofocus' : ''}></label></form>
<iframe src="/map.html" title="Map of the quay" width="200" height="100"></iframe>
<label class="check"><input type="checkbox" name="news"> Send me the weekly bake list</label>
${ringless ? '' : '<div class="below"></div>'}<button type="button">Order a cake</button></main></body></html>`;

describe('keyboard focus on the start page', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? page(true) : path === '/good/' ? page(false) : path === '/map.html' ? '<!doctype html><html lang="en"><head><title>Map</title></head><body><a href="/">Zoom in</a> <a href="/">Zoom out</a></body></html>' : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('lists the stops a keyboard user cannot see, outlined on the page picture', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const walk = bundle.pages[0]!.keyboard!;
    expect(walk.complete).toBe(true);
    // The search field (caret) and the hidden checkbox are not judged; the skip link moves into view.
    expect(walk.without_indicator.map((s) => s.text)).toEqual(['Home', 'Bread', 'Visit us', 'Order a cake']);
    const f = (report.findings ?? []).find((x) => x.check_id === 'a11y.focus_visible' && /focus indicator/.test(x.title))!;
    expect(f).toMatchObject({ severity: 'warning', title: '4 of 5 keyboard stops on the page show no focus indicator (first: a “Home”)' });
    expect((f.evidence!.pages as { nodes: { rect: unknown }[] }[])[0]!.nodes[0]!.rect).toMatchObject({ width: expect.any(Number) });
    // A closed off-canvas sidebar, a transparent back-to-top menu and a collapsed box still take focus.
    expect(walk.unseen_stops!.map((s) => [s.text, s.unseen])).toEqual([['Archive', 'offscreen'], ['Tags', 'offscreen'], ['Top', 'transparent'], ['Hidden FAQ', 'clipped']]);
    const unseen = (report.findings ?? []).find((x) => x.check_id === 'a11y.focus_visible' && /cannot be seen/.test(x.title));
    expect(unseen).toMatchObject({ severity: 'warning', title: '4 keyboard stops cannot be seen when focused (first: a “Archive”, beyond the edge of the screen)' });
  });

  it('passes a ring drawn with :focus-visible, even one that fades in', async () => {
    const { bundle, report } = await site.audit('/good/', { maxPages: 1 });
    expect(bundle.pages[0]!.keyboard).toMatchObject({ without_indicator: [], unseen_stops: [] });
    expect(bundle.pages[0]!.keyboard!.judged).toBeGreaterThanOrEqual(5);
    expect((report.findings ?? []).filter((x) => x.check_id === 'a11y.focus_visible')).toEqual([]);
  });
});

describe('a stop under the pointer', () => {
  it('is not judged: its :hover rule (outline: 0) is not what a keyboard user meets', async () => {
    const browser = await chromium.launch({ executablePath: defaultChromiumPath() });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.setContent(`<!doctype html><html lang="en"><head><style>body{margin:0}nav a{display:block;width:300px;height:60px;background:#393939;color:#fff}
a:active,a:hover{outline:0}</style></head><body><nav><a class="logo" href="#top">API docs</a></nav><main><a href="#a">Authentication</a></main></body></html>`);
      await page.mouse.move(20, 20);
      const walk = await walkFocus(page, 4000);
      expect(walk).toMatchObject({ stops: 2, judged: 1, without_indicator: [] });
    } finally {
      await browser.close();
    }
  });
});
