// A site that lives under a path (a GitHub Pages project site, https://org.github.io/project/, or a
// docs site under /docs/): its generator writes sitemap.xml in that folder, and the host's root —
// /robots.txt, /sitemap.xml — belongs to someone else. The audit looks in the start page's folder too.
// Real Chromium for the crawl; the list of places looked at is a table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { fallbackSitemaps, sitemapTargets } from '../../src/capture/site-probe.js';
import type { FetchedResource } from '../../src/evidence/types.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveOnLoopback, type LoopbackServer } from '../support/loopback.js';

const robots = (body: string, status = 200): FetchedResource => ({ url: 'https://org.github.io/robots.txt', status, content_type: 'text/plain', body, truncated: false, error: null, source: 'default' });

describe('where the audit looks for sitemaps', () => {
  const cases: [string, FetchedResource | null, string | undefined, string[]][] = [
    ['a site at the root', robots('', 404), 'https://example.com/', ['https://example.com/sitemap.xml']],
    ['a page at the root', null, 'https://example.com/pricing', ['https://example.com/sitemap.xml']],
    ['a project site (Docusaurus baseUrl, Hugo baseURL)', robots('', 404), 'https://org.github.io/project/', ['https://org.github.io/sitemap.xml', 'https://org.github.io/project/sitemap.xml']],
    ['a start page named index.html in a folder', null, 'https://org.github.io/project/index.html', ['https://org.github.io/sitemap.xml', 'https://org.github.io/project/sitemap.xml']],
    ['robots.txt names the sitemaps: only those', robots('User-agent: *\nSitemap: https://org.github.io/project/sitemap.xml\n'), 'https://org.github.io/project/', ['https://org.github.io/project/sitemap.xml']],
    ['a start URL on another origin (a redirect elsewhere) adds nothing', null, 'https://www.example.com/docs/', ['https://example.com/sitemap.xml']],
    ['robots.txt names a sitemap on another host (a copy naming production): the same path here too', robots('Sitemap: https://lab.uni-research.de/sitemap.xml?v=2\n'), 'https://example.com/', ['https://lab.uni-research.de/sitemap.xml?v=2', 'https://example.com/sitemap.xml?v=2']],
  ];
  it.each(cases)('%s', (_name, robotsTxt, start, expected) => {
    const origin = start && new URL(start).hostname.startsWith('org.') ? 'https://org.github.io' : 'https://example.com';
    expect(sitemapTargets(origin, robotsTxt, start).map((t) => t.url)).toEqual(expected);
  });

  it('adds the sitemaps the start page links with <link rel="sitemap"> on the site (Astro\'s /sitemap-index.xml), not another host\'s', () => {
    const linked = ['https://example.com/sitemap-index.xml', 'https://cdn.other.net/sitemap.xml', 'https://example.com/sitemap.xml'];
    expect(sitemapTargets('https://example.com', robots('', 404), 'https://example.com/', linked).map((t) => t.url)).toEqual(['https://example.com/sitemap.xml', 'https://example.com/sitemap-index.xml']);
  });
});

describe('where the audit looks last, when no sitemap answered and robots.txt names none', () => {
  it.each([
    ['a site at the root: the CMS plugins\' places and Astro\'s', 'https://example.com/', ['https://example.com/sitemap_index.xml', 'https://example.com/wp-sitemap.xml', 'https://example.com/sitemap-index.xml']],
    ['a project site: Astro\'s in its base path too', 'https://org.github.io/project/', ['https://org.github.io/sitemap_index.xml', 'https://org.github.io/wp-sitemap.xml', 'https://org.github.io/sitemap-index.xml', 'https://org.github.io/project/sitemap-index.xml']],
  ])('%s', (_name, start, expected) => {
    expect(fallbackSitemaps(new URL(start).origin, start)).toEqual(expected);
  });
});

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><a href="/project/">Home</a></main></body></html>`;

describe('a site under a path', () => {
  let browser: BrowserHandle;
  let server: LoopbackServer;
  let origin = '';
  const paths: string[] = [];
  beforeAll(async () => {
    browser = newBrowser();
    server = await serveOnLoopback((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      paths.push(path);
      if (path === '/project/sitemap.xml') {
        return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/project/</loc></url><url><loc>${origin}/project/guides/unlinked/</loc></url></urlset>`);
      }
      if (path === '/project/' || path === '/project/guides/unlinked/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(path));
      // The host's root is not the project's: no robots.txt, no sitemap, a plain 404 page.
      res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found'));
    });
    origin = server.origin;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds the sitemap in the start page\'s folder, crawls what it lists and reports no missing sitemap', async () => {
    const { bundle, report } = await auditSite(browser, `${origin}/project/`, [new URL(origin).host], { maxPages: 10 });
    expect(paths).toContain('/sitemap.xml');
    expect(bundle.site.sitemaps.map((s) => [new URL(s.url).pathname, s.status])).toEqual([['/sitemap.xml', 404], ['/project/sitemap.xml', 200]]);
    expect(bundle.pages.find((p) => p.url.endsWith('/guides/unlinked/'))).toMatchObject({ region: 'sitemap' });
    expect((report.findings ?? []).map((f) => f.check_id)).not.toContain('seo.sitemap_missing');
    expect((report.findings ?? []).map((f) => f.check_id)).not.toContain('seo.sitemap_invalid');
  }, 60_000);
});
