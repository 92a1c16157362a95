// robots.txt in a real crawl: rules that name siteqa keep it off the disallowed pages entirely (no
// page visit, no link check, no sitemap check, no probe), and the report says so; rules for every
// crawler (`User-agent: *`) do not stop the audit, they are reported by the Found checks instead.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';

const page = (title: string, links: string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1></main></body></html>`;

/** A small site with the given robots.txt; records every request path. */
async function site(robots: string) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    paths.push(path);
    const origin = `http://${req.headers.host}`;
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(robots.replace('{ORIGIN}', origin));
    if (path === '/sitemap.xml') {
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/private/from-sitemap</loc></url><url><loc>${origin}/news</loc></url></urlset>`,
      );
    }
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('Home', ['/public', '/private/orders', '/private/invoices']));
    if (['/public', '/news', '/private/orders', '/private/invoices', '/private/from-sitemap'].includes(path)) {
      return res.writeHead(200, { 'content-type': 'text/html' }).end(page(path.slice(1), ['/']));
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', ['/']));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, allowlist: [`127.0.0.1:${port}`], paths, close: () => new Promise((r) => server.close(r)) };
}

describe('robots.txt rules during the crawl', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never requests what a group naming siteqa disallows, and says so in the report', async () => {
    const s = await site('User-agent: Googlebot\nAllow: /\n\nUser-agent: siteqa\nDisallow: /private\n\nSitemap: {ORIGIN}/sitemap.xml\n');
    try {
      const { bundle, report } = await auditSite(browser, s.url, s.allowlist, { maxPages: 10 });
      expect(s.paths.filter((p) => p.startsWith('/private'))).toEqual([]);
      // The sitemap seeds the crawl: /news is visited as a page; /private/from-sitemap is refused like the links.
      expect(bundle.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/news', '/public']);
      expect(bundle.site.sitemap_url_checks).toEqual([]);
      expect(report.notes!.some((n) => /robots\.txt asks siteqa \(by name\) not to visit 3 pages .*\/private\/orders/.test(n))).toBe(true);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('audits the pages that rules for every crawler disallow (the Found checks report those rules)', async () => {
    const s = await site('User-agent: *\nDisallow: /\n');
    try {
      const { bundle, report } = await auditSite(browser, s.url, s.allowlist, { maxPages: 10 });
      expect(bundle.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/news', '/private/from-sitemap', '/private/invoices', '/private/orders', '/public']);
      expect(report.findings!.some((f) => f.check_id === 'seo.robots_disallow_all')).toBe(true);
      expect(report.notes!.some((n) => n.includes('robots.txt asks siteqa'))).toBe(false);
    } finally {
      await s.close();
    }
  }, 60_000);
});
