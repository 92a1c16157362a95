// A built site served on this machine whose pages name their production address and link to it
// absolutely (a Hugo baseURL, Jekyll's absolute_url, a WordPress export): the crawl follows those links
// and the sitemap's production entries (its index's production children too) on the copy, as the real
// host would serve them, and judges the
// pages as the production pages they name. Real Chromium, the guard in allowlist-only mode.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PROD = 'https://lab.uni-research.de';

/** A page of the copy: canonical and og:url on production, navigation absolute to production. */
const page = (path: string, title: string, description: string | null) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title}</title>${description === null ? '' : `<meta name="description" content="${description}">`}
<link rel="canonical" href="${PROD}${path}"><meta property="og:url" content="${PROD}${path}">
<meta property="og:title" content="${title}"><meta property="og:image" content="${PROD}/labsite/cover.png"><meta name="viewport" content="width=device-width, initial-scale=1">
</head><body><header><nav aria-label="Main"><a href="${PROD}/labsite/">Home</a> <a href="${PROD}/labsite/en/">English</a> <a href="${PROD}/labsite/about/">About</a></nav></header>
<main><h1>${title}</h1><p>${'Workshop notes on measuring things. '.repeat(12)}</p></main></body></html>`;

const PAGES: Record<string, [string, string | null]> = {
  '/labsite/': ['Lab at Home', 'Workshops for curious people.'],
  '/labsite/en/': ['Lab at Home (English)', 'Workshops in English.'],
  '/labsite/about/': ['About the lab', null],
  // Listed only in the sitemap, at its production address.
  '/labsite/physics/tvp250/': ['TVP 250 pressure sensor', 'Reading a pressure sensor.'],
};

describe('a local copy whose links name its production address', () => {
  const site = loopbackSite((req, res, { path }) => {
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${PROD}/labsite/sitemap.xml\n`);
    // A sitemap index (Hugo multilingual, Yoast) naming its child at production.
    if (path === '/labsite/sitemap.xml') {
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${PROD}/labsite/en/sitemap.xml</loc></sitemap></sitemapindex>`);
    }
    if (path === '/labsite/en/sitemap.xml') {
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(PAGES).map((p) => `<url><loc>${PROD}${p}</loc></url>`).join('')}</urlset>`);
    }
    const known = PAGES[path];
    if (known) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path, ...known));
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });

  it('crawls the production links and sitemap entries on the copy, says so, and judges the pages as the pages they name', async () => {
    const origin = site.origin();
    const { bundle, report } = await site.audit('/labsite/', { maxPages: 10, allowlistOnly: true });
    expect(bundle.pages.map((p) => p.final_url).sort()).toEqual(Object.keys(PAGES).map((p) => `${origin}${p}`).sort());
    expect(bundle.pages.find((p) => p.url.endsWith('/tvp250/'))).toMatchObject({ region: 'sitemap', status: 200 });
    // Nothing was asked of production: no page, no link check refused by the guard.
    expect(bundle.pages.flatMap((p) => p.requests).filter((r) => r.url.startsWith(PROD) && r.resource_type === 'document')).toEqual([]);
    expect(bundle.notes.join('\n')).toContain(`The pages name lab.uni-research.de as their address and are served here as a copy of it: links and sitemap entries to lab.uni-research.de were followed on ${new URL(origin).host} (3 pages reached that way), as the real host would serve them`);
    expect(bundle.notes.join('\n')).not.toContain('were not visited');
    const findings = report.findings ?? [];
    // The copy's pages are the production pages they name: the page without a description is found.
    expect(findings.find((f) => f.check_id === 'seo.meta_description_missing')).toMatchObject({ severity: 'warning', evidence: { pages: [{ url: `${origin}/labsite/about/` }] } });
    // robots.txt names production's sitemap (not fetched here); the copy's own at the same path is read and speaks for it.
    expect(bundle.site.sitemaps.map((s) => [s.url.replace(origin, 'COPY'), s.status])).toEqual([[`${PROD}/labsite/sitemap.xml`, null], ['COPY/labsite/sitemap.xml', 200]]);
    expect(findings.filter((f) => f.check_id === 'seo.sitemap_missing')).toEqual([]);
    expect(findings.filter((f) => f.check_id.startsWith('links.') && f.severity !== 'info')).toEqual([]);
  }, 90_000);
});

// A WordPress export: every stylesheet, script and image is named at production. The theme's stylesheet
// makes the footer headings white on the dark footer; without it they would be black on dark purple.
describe("a local copy whose files are named at its production address", () => {
  const SHOP = 'https://castle-joinery.example-shop.co.uk';
  const shopPage = (path: string, title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${title}: fitted bedrooms and wardrobes made to measure in our own workshop.">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="${SHOP}${path}">
<link rel="stylesheet" href="${SHOP}/wp-content/themes/joinery/style.css?ver=6.4"><script src="${SHOP}/wp-includes/js/menu.js?ver=6.4"></script>
</head><body><main><h1>${title}</h1><p>Made to measure. <a href="${SHOP}/">Home</a> <a href="${SHOP}/wardrobes/">Wardrobes</a></p>
<img src="${SHOP}/wp-content/uploads/2023/10/oak.png" alt="An oak wardrobe" width="2" height="2">
<img srcset="${SHOP}/wp-content/uploads/2023/10/oak.png 1x, ${SHOP}/wp-content/uploads/2023/10/oak-2x.png 2x" alt="The oak wardrobe again" width="2" height="2"></main>
<footer style="background:#3b1a3b;padding:1em"><h2 class="footer-heading">Contact us</h2></footer></body></html>`;
  // A 2×2 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAcBgMBiaKpHwAAAABJRU5ErkJggg==', 'base64');
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/wp-content/themes/joinery/style.css') return res.writeHead(200, { 'content-type': 'text/css' }).end('.footer-heading { color: #ffffff; } footer { background-image: url(/wp-content/themes/joinery/wood.png); }');
    if (path === '/wp-content/themes/joinery/wood.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/wp-includes/js/menu.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end("document.documentElement.dataset.menu = 'ready';");
    if (path === '/wp-content/uploads/2023/10/oak.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/' || path === '/wardrobes/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(path, path === '/' ? 'Castle joinery' : 'Wardrobes'));
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });

  it("answers the pages' files at production from the copy, the start page included, and judges the styled pages", async () => {
    const origin = site.origin();
    const { bundle, report } = await site.audit('/', { maxPages: 5, allowlistOnly: true });
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname)).toEqual(['/', '/wardrobes/']);
    for (const page of bundle.pages) {
      // Only the page's own requests: axe does not fetch the stylesheets again (no XHR of its own).
      const files = page.requests.filter((r) => !r.is_navigation && r.url.startsWith(SHOP));
      expect(files.map((r) => [new URL(r.url).pathname, r.status, r.blocked, r.served_from_copy?.startsWith(origin)]), page.final_url).toEqual([
        ['/wp-content/themes/joinery/style.css', 200, false, true],
        ['/wp-includes/js/menu.js', 200, false, true],
        ['/wp-content/uploads/2023/10/oak.png', 200, false, true],
      ]);
    }
    const findings = report.findings ?? [];
    expect(findings.filter((f) => f.check_id === 'a11y.color_contrast')).toEqual([]);
    expect(findings.filter((f) => f.section === 'works' && f.severity !== 'info').map((f) => f.check_id)).toEqual(['http.srcset_broken']);
    expect(bundle.notes.join('\n')).not.toMatch(/refused by the audit's URL guard/);
    // A reference the pages do not load (a 2x candidate) is looked for on the copy too. (A stylesheet at
    // production is cross-origin here: its rules cannot be read, so its url()s are not checked.)
    expect(bundle.site.resource_checks?.map((c) => [c.url.replace(SHOP, ''), c.status])).toEqual(expect.arrayContaining([['/wp-content/uploads/2023/10/oak-2x.png', 404]]));
    expect(findings.find((f) => f.check_id === 'http.srcset_broken')?.evidence).toMatchObject({ url: `${SHOP}/wp-content/uploads/2023/10/oak-2x.png`, status: 404 });
    expect(findings.filter((f) => f.check_id === 'http.css_resource_broken')).toEqual([]);
  }, 90_000);
});

// Sphinx's dirhtml builder with html_baseurl: every page is served at `x/` but names `x.html` as its
// canonical, an address that does not exist on production either.
describe('a copy whose canonicals name pages that do not exist', () => {
  const DOCS = 'https://mrphys.example-docs.org';
  const docPage = (path: string, title: string, canonical: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="${DOCS}${canonical}">
</head><body><main><h1>${title}</h1><p>${'Reconstruction notes. '.repeat(10)} <a href="/tfmri/guide/">Guide</a> <a href="/tfmri/api/">API</a></p></main></body></html>`;
  const site = loopbackSite((_req, res, { origin, path }) => {
    if (path === '/tfmri/sitemap.xml') return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/tfmri/', '/tfmri/guide/', '/tfmri/api/'].map((p) => `<url><loc>${DOCS}${p}</loc></url>`).join('')}</urlset>`);
    if (path === '/tfmri/') return res.writeHead(200, { 'content-type': 'text/html' }).end(docPage(path, 'TensorFlow MRI', '/tfmri/'));
    if (path === '/tfmri/guide/') return res.writeHead(200, { 'content-type': 'text/html' }).end(docPage(path, 'Guide', '/tfmri/guide.html'));
    if (path === '/tfmri/api/') return res.writeHead(200, { 'content-type': 'text/html' }).end(docPage(path, 'API', '/tfmri/api.html'));
    void origin;
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });

  it('looks the canonicals up on the copy, reports them, and judges the pages as themselves', async () => {
    const { bundle, report } = await site.audit('/tfmri/', { maxPages: 10, allowlistOnly: true });
    expect(bundle.site.canonical_checks?.map((c) => [c.url, c.status]).sort()).toEqual([[`${DOCS}/tfmri/api.html`, 404], [`${DOCS}/tfmri/guide.html`, 404]]);
    const findings = report.findings ?? [];
    expect(findings.find((f) => f.check_id === 'seo.canonical_target_status')).toMatchObject({ severity: 'warning', evidence: { pages_total: 2 } });
    // No page has a description: the two whose canonical is ignored count as themselves.
    expect(findings.find((f) => f.check_id === 'seo.meta_description_missing')?.evidence).toMatchObject({ pages_total: 3 });
  }, 90_000);
});
