import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './sitemap_other_host.js';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const sitemap = (url: string, body: string, over: Partial<FetchedResource> = {}): FetchedResource => ({
  url, status: 200, content_type: 'application/xml', body, truncated: false, error: null, source: 'default', ...over,
});
/** A site whose start page settled on https://www.example.com/. */
const site = (...sitemaps: FetchedResource[]) => siteAt('https://www.example.com/', ...sitemaps);
const siteAt = (home: string, ...sitemaps: FetchedResource[]) =>
  makeBundle({
    pages: [makePage({ url: home.replace('://www.', '://'), final_url: home })],
    site: { ...makeBundle().site, origin: new URL(home).origin, sitemaps },
  });

describe('seo.sitemap_other_host', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['every entry on the site host (default port written out or not)', site(sitemap('https://www.example.com/sitemap.xml', urlset('https://www.example.com/', 'https://WWW.example.com:443/about')))],
    ['a sitemap hosted elsewhere (robots.txt cross-submit) listing the site\'s own pages', site(sitemap('https://cdn.example.net/sitemaps/www.xml', urlset('https://www.example.com/a'), { source: 'robots' }))],
    ['an index whose children live on another host (not page entries)', site(sitemap('https://www.example.com/sitemap.xml', '<sitemapindex><sitemap><loc>https://static.example.org/s1.xml</loc></sitemap></sitemapindex>'))],
    ['a sitemap that did not answer', site(sitemap('https://www.example.com/sitemap.xml', urlset('https://staging.example.com/'), { status: 404 }))],
    ['http:// entries on an https site (they redirect: seo.sitemap_bad_urls)', site(sitemap('https://www.example.com/sitemap.xml', urlset('http://www.example.com/old-page')))],
    ['an empty sitemap', site(sitemap('https://www.example.com/sitemap.xml', urlset()))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('names the bare domain listed for a www site, and a build host left in by the generator, in one warning', () => {
    const bundle = site(
      sitemap('https://www.example.com/sitemap.xml', urlset('https://www.example.com/', 'https://example.com/pricing', 'https://example.com/about')),
      sitemap('https://www.example.com/sitemap-posts.xml', urlset('http://localhost:1313/posts/first/', 'https://www.example.com/posts/second/'), { source: 'robots' }),
    );
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Sitemap lists 3 of 5 URLs on another host (example.com, localhost:1313)' });
    expect(f!.evidence).toMatchObject({
      site_host: 'www.example.com', listed: 5, elsewhere: 3, hosts_total: 2,
      hosts: [
        { host: 'example.com', entries: 2, examples: ['https://example.com/pricing', 'https://example.com/about'], sitemaps: ['https://www.example.com/sitemap.xml'] },
        { host: 'localhost:1313', entries: 1, sitemaps: ['https://www.example.com/sitemap-posts.xml'] },
      ],
    });
  });

  it('is info when the pages name that host as their address: a preview or copy audited away from production', () => {
    const preview = site(sitemap('https://www.example.com/sitemap.xml', urlset('https://example.org/', 'https://example.org/pricing')));
    preview.pages[0]!.dom = makeDom({ canonical: ['https://example.org/'] });
    const [f, ...rest] = findingsOf(check, preview);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Sitemap lists the site at its declared address (example.org), not at the host audited (www.example.com)' });
    expect(f!.evidence).toMatchObject({ declared_by_pages: true });
    // A build host the pages do not name stays a warning beside it.
    preview.site.sitemaps.push(sitemap('https://www.example.com/sitemap-2.xml', urlset('http://localhost:1313/')));
    expect(findingsOf(check, preview)[0]).toMatchObject({ severity: 'warning', evidence: { declared_by_pages: false } });
  });

  it('is info when the host audited is a copy (a deploy preview, a local copy) and the sitemap names production', () => {
    const preview = siteAt('https://deploy-preview-7--acme.netlify.app/', sitemap('https://deploy-preview-7--acme.netlify.app/sitemap.xml', urlset('https://www.acme.com/', 'https://www.acme.com/pricing')));
    const [f] = findingsOf(check, preview);
    expect(f).toMatchObject({ severity: 'info', title: 'Sitemap lists the production address (www.acme.com), not the copy audited (deploy-preview-7--acme.netlify.app)' });
    expect(f!.evidence).toMatchObject({ declared_by_pages: false, audited_host_is_copy: true });
    // Another copy or a placeholder is not production: still a warning.
    for (const other of ['http://localhost:1313/', 'https://your-docusaurus-test-site.com/']) {
      const copy = siteAt('http://127.0.0.1:8080/', sitemap('http://127.0.0.1:8080/sitemap.xml', urlset(other)));
      expect(findingsOf(check, copy)[0], other).toMatchObject({ severity: 'warning' });
    }
  });

  it('treats another port of the same name as another host', () => {
    const [f] = findingsOf(check, site(sitemap('https://www.example.com/sitemap.xml', urlset('https://www.example.com:8443/admin-preview/'))));
    expect(f!.evidence).toMatchObject({ hosts: [{ host: 'www.example.com:8443' }] });
  });
});
