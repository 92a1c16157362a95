// Pages that show nothing once loaded. An app whose script throws before it mounts: critical. A theme
// whose body stays hidden until its script (from a CDN the audit's guard refused here) marks it loaded:
// said as info, not verified, since a visitor's browser runs that script. A page with a picture and no
// text is not blank, nor is a web-components app whose text lives in a closed shadow tree. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const html = (title: string, head: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
const pages: Record<string, string> = {
  '/': html('Addons', '<style>body:not([data-theme-loaded=true]){display:none}</style><script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>',
    '<main><h1>Addons</h1><p>Browse the addons.</p><a href="/app">App</a> <a href="/gallery">Gallery</a> <a href="/shop">Shop</a></main><script>$(() => { document.body.dataset.themeLoaded = "true"; });</script>'),
  '/app': html('App', '', '<div id="root"></div><script>const config = JSON.parse("{"); document.getElementById("root").textContent = config.title;</script>'),
  '/gallery': html('Gallery', '', '<img src="/photo.svg" width="300" height="200" alt="The harbour at dawn">'),
  // A web-components app: all of its text lives in a closed shadow tree, which the page's own text does not include.
  '/shop': html('Shop', '', '<shop-app></shop-app><script>customElements.define("shop-app", class extends HTMLElement { connectedCallback() { const root = this.attachShadow({ mode: "closed" }); root.innerHTML = "<h1>Shop</h1><p>Fresh bread and pastries.</p>"; } });</script>'),
  '/photo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#38a"/></svg>',
};

describe('a page that shows nothing', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = pages[path];
    const type = path.endsWith('.svg') ? 'image/svg+xml' : 'text/html; charset=utf-8';
    res.writeHead(body ? 200 : 404, { 'content-type': type }).end(body ?? 'not found');
  });

  it('is critical, unless a script or stylesheet the audit refused may be why', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 5 });
    const blank = bundle.pages.filter((p) => p.dom?.rendered_blank).map((p) => new URL(p.final_url).pathname).sort();
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname)).toEqual(expect.arrayContaining(['/gallery', '/shop']));
    expect(blank).toEqual(['/', '/app']);
    const f = (report.findings ?? []).filter((x) => x.check_id === 'errors.blank_page');
    expect(f.map((x) => [x.severity, x.title])).toEqual([
      ['critical', 'A page shows nothing once loaded: no text, picture or control on screen'],
      // Said as the guard's refusal, or as this machine's want of internet access, whichever applies here.
      ['info', expect.stringMatching(/^A page shows nothing once loaded, where the audit's (URL guard refused|machine \(no internet access\) could not load) a script or stylesheet the page loads: not verified$/)],
    ]);
    expect(f[0]!.evidence).toMatchObject({ page: expect.stringMatching(/\/app$/) });
    expect(f[1]!.evidence).toMatchObject({ refused: ['https://code.jquery.com/jquery-3.7.1.min.js'] });
  });
});
