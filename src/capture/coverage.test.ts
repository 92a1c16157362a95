import { describe, expect, it } from 'vitest';
import { coverageNote, sitemapListedElsewhere } from './coverage.js';

/** A sitemap fetched from the copy at 127.0.0.1:4320. */
const fetched = (body: string) => ({ url: 'http://127.0.0.1:4320/sitemap.xml', status: 200, content_type: 'application/xml', body, truncated: false, error: null, source: 'default' as const });
const urlset = (locs: string[]) => fetched(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`);
const index = (locs: string[]) => fetched(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`);

describe('the coverage note', () => {
  const none = { sitemap_urls: 0, sitemap_urls_visited: 0, templates_known: 28, templates_visited: 20, templates: [], clicked: 0, click_routes: 0 };

  it("says a copy's sitemap lists its pages at production, not that there is none", () => {
    const listed = sitemapListedElsewhere([urlset(['https://docs.rubocop.org/rubocop/index.html', 'https://docs.rubocop.org/rubocop/usage/basic_usage.html', 'https://rubocop.org/'])], '127.0.0.1:4320');
    expect(listed).toEqual({ host: 'docs.rubocop.org', pages: 2 });
    expect(coverageNote(none, listed)).toBe('Coverage: the sitemap lists 2 pages, all on docs.rubocop.org, none on this host; 20 of 28 kinds of page (URL templates) visited');
  });

  it("says a copy's sitemap index names production's sitemaps", () => {
    const listed = sitemapListedElsewhere([index(['https://docs.rubocop.org/sitemap-rubocop.xml', 'https://docs.rubocop.org/sitemap-rubocop-ast.xml'])], '127.0.0.1:4320');
    expect(coverageNote(none, listed)).toBe('Coverage: the sitemap index lists 2 sitemaps, all on docs.rubocop.org, none on this host; 20 of 28 kinds of page (URL templates) visited');
  });

  it('says there is none when no sitemap listed a page', () => {
    expect(sitemapListedElsewhere([], '127.0.0.1:4320')).toBeNull();
    // A sitemap that lists pages on this host is not "elsewhere".
    expect(sitemapListedElsewhere([urlset(['http://127.0.0.1:4320/a/', 'https://docs.rubocop.org/b/'])], '127.0.0.1:4320')).toBeNull();
    expect(coverageNote(none)).toBe('Coverage: no sitemap listed a page on this site; 20 of 28 kinds of page (URL templates) visited');
  });
});

describe('crawl coverage', () => {
  it('counts no kind of page for an address that answered an error (a broken link\'s target)', async () => {
    const { crawlCoverage } = await import('./coverage.js');
    const { makePage } = await import('../checks/test-support.js');
    const { pathTemplate } = await import('./url-template.js');
    const pages = [makePage({ url: 'https://docs.example/', final_url: 'https://docs.example/' }), makePage({ url: 'https://docs.example/keychainManager.ts', final_url: 'https://docs.example/keychainManager.ts', status: 404 })];
    const c = crawlCoverage({ sitemapUrls: [], known: pages.map((p) => p.url), pages, templateOf: pathTemplate, clicked: 0, clickRoutes: 0 });
    expect(c).toMatchObject({ templates_known: 1, templates_visited: 1 });
  });
});
