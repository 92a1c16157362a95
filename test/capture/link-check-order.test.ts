// A documentation site whose sidebar links sixty pages (all in its sitemap, all fine) and whose text has
// one hand-written link to a page that no longer exists, written after the sidebar. The link checks are
// capped: the likeliest broken links (not in the sitemap, on fewer pages) are checked first, so the dead
// one is found whatever the order of the markup. And a docs theme whose footer's relative "Home" link is
// right only from the top folder: its other addresses are checked before anything else. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PAGES = Array.from({ length: 60 }, (_, i) => `/docs/page-${i + 1}/`);
const doc = (title: string, extra = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav aria-label="Docs">${PAGES.map((p, i) => `<a href="${p}">Page ${i + 1}</a>`).join(' ')}</nav>
<main><h1>${title}</h1><p>Read the guide.${extra}</p></main></body></html>`;

describe('the capped link checks', () => {
  const site = loopbackSite((_req, res, { origin, path }) => {
    if (path === '/sitemap.xml') {
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/', ...PAGES].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
    }
    const body = path === '/' ? doc('Docs', ' See <a href="/docs/old-setup/">the old setup page</a>.') : PAGES.includes(path) ? doc(path) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('check the hand-written link the sitemap does not list before the menu every page repeats', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    expect(bundle.site.link_checks.length).toBe(40);
    expect(bundle.site.link_checks.find((c) => c.url.endsWith('/docs/old-setup/'))).toMatchObject({ status: 404 });
    expect((report.findings ?? []).find((f) => f.check_id === 'links.broken_internal')).toMatchObject({ severity: 'warning' });
  });

  // A docs theme whose footer says <a href="index.html">Home</a> on every page: right at the top folder,
  // a 404 from every other. Each folder's pages have thirty (guide: forty-five) working notes links of
  // their own before it.
  const folders = loopbackSite((_req, res, { path }) => {
    const footer = '<footer><a href="index.html">Home</a></footer>';
    const notes = (folder: string) => Array.from({ length: folder === 'guide' ? 45 : 30 }, (_, i) => `<a href="/${folder}/n-${i + 1}.html">Note ${i + 1}</a>`).join(' ');
    const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main>${footer}</body></html>`;
    const m = /^\/(guide|usage)\/(a|b|n-\d+)\.html$/.exec(path);
    const body = path === '/' || path === '/index.html' ? page('Docs', '<a href="/guide/a.html">Guide</a> <a href="/usage/b.html">Usage</a>')
      : m && (m[2] === 'a' || m[2] === 'b') ? page(`${m[1]} ${m[2]}`, notes(m[1]!))
      : m ? page(`${m[1]} ${m[2]}`, '') : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('checks a relative link the template repeats at its other folders first', async () => {
    const { bundle, report } = await folders.audit('/', { maxPages: 3 });
    expect(bundle.site.link_checks.filter((c) => /\/(guide|usage)\/index\.html$/.test(c.url)).map((c) => c.status)).toEqual([404, 404]);
    expect((report.findings ?? []).find((f) => f.check_id === 'links.broken_internal')).toMatchObject({ severity: 'warning' });
  });

  it('also when the one folder page visited is the only place it is broken (the link works from the top folder)', async () => {
    const { bundle } = await folders.audit('/', { maxPages: 2 });
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname)).toEqual(['/', '/guide/a.html']);
    expect(bundle.site.link_checks.find((c) => c.url.endsWith('/guide/index.html'))).toMatchObject({ status: 404 });
  });
});
