// Links to a part of their own page, read after the page's scripts ran. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reconstruction guide</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<a class="skip" href="#main">Skip to content</a>
<nav aria-label="Contents"><a href="#install">Install</a> <a href="#usage">Usage</a> <a href="#caf%C3%A9">Café</a> <a href="#legacy">Legacy</a> <a href="#faq">FAQ</a> <a href="#top">Top</a> <a href="#">Menu</a> <a href="#/settings">Settings</a> <a href="#impl-Borrow%3CT%3E-for-T">impl Borrow&lt;T&gt;</a> <a href="#impl-From%3CT%3E">impl From&lt;T&gt;</a></nav>
<main id="main"><h1>Guide</h1><h2 id="install">Install</h2><h2 id="usage">Usage</h2><h2 id="café">Café</h2><a name="legacy"></a><h3 id="impl-Borrow%3CT%3E-for-T">impl Borrow&lt;T&gt; for T</h3>
<p>See <a href="#id6">pywt.Wavelet_</a>, <a href="/other/#nowhere">another page</a> and <a href="/other/#built">its built part</a>.</p></main>
<script>const h = document.createElement('h2'); h.id = 'faq'; h.textContent = 'FAQ'; document.querySelector('main').append(h);</script>
</body></html>`;

describe('links to a part of their own page', () => {
  const other = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other</title></head><body><main><h1>Other</h1><a href="/">Back</a></main>
<script>const s = document.createElement('section'); s.id = 'built'; document.querySelector('main').append(s);</script></body></html>`;
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? page : path === '/other/' ? other : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  // rustdoc writes its ids with the percent escapes in them (id="impl-Borrow%3CT%3E-for-T"): the HTML
  // standard looks for the fragment as written before decoding it. A missing one is named as written.
  it('are found missing only when no element carries the fragment once the page has run', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 3 });
    // A lone href="#/settings" on a page that is no hash-routed app is not crawled as a route.
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname + new URL(p.final_url).hash)).toEqual(['/', '/other/']);
    expect(bundle.pages[0]!.dom!.missing_fragments?.map((m) => m.fragment)).toEqual(['impl-From%3CT%3E', 'id6']);
    // Another crawled page's parts are read from its HTML, ids its scripts added included.
    expect((report.findings ?? []).find((f) => f.check_id === 'links.broken_fragment')).toMatchObject({ severity: 'warning', title: '3 links to a part of a page that does not exist (#impl-From%3CT%3E, #id6, /other/#nowhere)' });
  });
});
