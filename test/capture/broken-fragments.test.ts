// Links to a part of their own page, read after the page's scripts ran. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reconstruction guide</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<a class="skip" href="#main">Skip to content</a>
<nav aria-label="Contents"><a href="#install">Install</a> <a href="#usage">Usage</a> <a href="#caf%C3%A9">Café</a> <a href="#legacy">Legacy</a> <a href="#faq">FAQ</a> <a href="#top">Top</a> <a href="#">Menu</a> <a href="#/settings">Settings</a></nav>
<main id="main"><h1>Guide</h1><h2 id="install">Install</h2><h2 id="usage">Usage</h2><h2 id="café">Café</h2><a name="legacy"></a>
<p>See <a href="#id6">pywt.Wavelet_</a> and <a href="/other/#nowhere">another page</a>.</p></main>
<script>const h = document.createElement('h2'); h.id = 'faq'; h.textContent = 'FAQ'; document.querySelector('main').append(h);</script>
</body></html>`;

describe('links to a part of their own page', () => {
  const site = loopbackSite((_req, res, { path }) => {
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/' ? page : 'not found');
  });

  it('are found missing only when no element carries the fragment once the page has run', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    expect(bundle.pages[0]!.dom!.missing_fragments?.map((m) => m.fragment)).toEqual(['id6']);
    expect((report.findings ?? []).find((f) => f.check_id === 'links.broken_fragment')).toMatchObject({ severity: 'warning', title: '1 link to a part of the page that does not exist (#id6)' });
  });
});
