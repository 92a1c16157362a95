// Consent managers that hide their banner from automated browsers (cookieconsent's hide_from_bots reads
// navigator.webdriver): the audit's browser is a visitor's as far as the page can tell, so the banner a
// visitor is asked with is the one the consent matrix answers. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Workshops</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Workshops</h1><p>Colour workshops for schools.</p></main>
<script>
  if (!navigator.webdriver) {
    const bar = document.createElement('div');
    bar.id = 'cc_div';
    bar.setAttribute('role', 'dialog');
    bar.setAttribute('aria-label', 'Cookie consent');
    bar.innerHTML = '<p>We use cookies to measure how the site is used. Read our cookie policy.</p><button id="c-p-bn">Accept all</button> <button id="c-s-bn">Reject all</button>';
    document.body.append(bar);
    for (const b of bar.querySelectorAll('button')) b.addEventListener('click', () => bar.remove());
  }
</script></body></html>`;

describe('a consent banner hidden from automated browsers', () => {
  const site = loopbackSite((_req, res, { path }) => {
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/' ? page : 'not found');
  });

  it('is shown to the audit as to a visitor, and answered', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    expect(bundle.consent?.banner.detected).toBe(true);
    expect(bundle.consent?.loads.map((l) => l.mode)).toEqual(['none', 'reject', 'accept']);
  });
});
