// A site whose /sitemap.xml is a sitemap index (WordPress, most generators): the crawl follows the
// index to its child sitemaps and visits the pages listed there that no link leads to. Real Chromium.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { loopbackSite } from '../support/loopback-site.js';

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><a href="/">Home</a></main></body></html>`;

describe('sitemap index', () => {
  let browser: BrowserHandle;
  let server: http.Server;
  let origin = '';
  const paths: string[] = [];
  beforeAll(async () => {
    browser = newBrowser();
    server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      paths.push(path);
      const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
      if (path === '/sitemap.xml') return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/post-sitemap.xml</loc></sitemap><sitemap><loc>https://cdn.example/other-sitemap.xml</loc></sitemap></sitemapindex>`);
      if (path === '/post-sitemap.xml') return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/2024/spring-notes</loc></url><url><loc>${origin}/2024/summer-notes</loc></url></urlset>`);
      if (path === '/' || path === '/2024/spring-notes' || path === '/2024/summer-notes') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(path));
      res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server.close(r));
  });

  it('seeds the crawl from the child sitemaps an index names (same host only)', async () => {
    const { bundle } = await auditSite(browser, `${origin}/`, [new URL(origin).host], { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/2024/spring-notes', '/2024/summer-notes']);
    expect(bundle.pages.find((p) => p.url.endsWith('spring-notes'))).toMatchObject({ region: 'sitemap', found_on: null });
    expect(bundle.site.coverage).toMatchObject({ sitemap_urls: 3, sitemap_urls_visited: 3 });
    expect(paths).toContain('/post-sitemap.xml');
  }, 60_000);
});

// Astro's sitemap: no /sitemap.xml and no robots.txt; every page links /sitemap-index.xml in its head.
describe('a sitemap the pages link with <link rel="sitemap">', () => {
  const astroPage = (title: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="sitemap" href="/sitemap-index.xml"></head><body><main><h1>${title}</h1><a href="/">Home</a></main></body></html>`;
  const site = loopbackSite((req, res, { origin, path }) => {
    const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    if (path === '/sitemap-index.xml') return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-0.xml</loc></sitemap></sitemapindex>`);
    if (path === '/sitemap-0.xml') return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/guides/jsonnet/</loc></url></urlset>`);
    if (path === '/' || path === '/guides/jsonnet/') return res.writeHead(200, { 'content-type': 'text/html' }).end(astroPage(path));
    res.writeHead(404, { 'content-type': 'text/html' }).end(astroPage('Not found'));
  });

  it('is read, seeds the crawl, and the site is not reported as having none', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/guides/jsonnet/']);
    expect(bundle.site.coverage).toMatchObject({ sitemap_urls: 2, sitemap_urls_visited: 2 });
    expect((report.findings ?? []).filter((f) => f.check_id === 'seo.sitemap_missing')).toEqual([]);
  }, 60_000);
});

// A WordPress site with Yoast SEO or Rank Math and no robots.txt line: /sitemap.xml is missing, the
// plugin's index is at /sitemap_index.xml.
describe("a CMS plugin's sitemap index at /sitemap_index.xml", () => {
  const requested: string[] = [];
  const site = loopbackSite((req, res, { origin, path }) => {
    requested.push(path);
    const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    if (path === '/sitemap_index.xml') return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/page-sitemap.xml</loc></sitemap></sitemapindex>`);
    if (path === '/page-sitemap.xml') return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/fitted-wardrobes/</loc></url></urlset>`);
    if (path === '/' || path === '/fitted-wardrobes/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(path));
    res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found'));
  });

  it('is looked for when the usual places have none, seeds the crawl, and the site is not reported as having none', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/fitted-wardrobes/']);
    expect(bundle.site.coverage).toMatchObject({ sitemap_urls: 2, sitemap_urls_visited: 2 });
    expect((report.findings ?? []).filter((f) => f.check_id === 'seo.sitemap_missing')).toEqual([]);
    expect(requested.indexOf('/sitemap.xml')).toBeLessThan(requested.indexOf('/sitemap_index.xml'));
  }, 60_000);
});
