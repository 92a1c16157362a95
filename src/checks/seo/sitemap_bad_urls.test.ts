import { describe, expect, it } from 'vitest';
import type { UrlCheck } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './sitemap_bad_urls.js';

const entry = (path: string, over: Partial<UrlCheck> = {}): UrlCheck => ({
  url: `https://example.com${path}`, status: 200, method: 'HEAD', error: null, final_url: `https://example.com${path}`, found_on: [], ...over,
});
const withChecks = (...sitemap_url_checks: UrlCheck[]) =>
  makeBundle({
    site: {
      ...makeBundle().site,
      sitemaps: [{ url: 'https://example.com/sitemap.xml', status: 200, content_type: 'application/xml', body: '<urlset/>', truncated: false, error: null, source: 'default' }],
      sitemap_url_checks,
    },
  });

describe('seo.sitemap_bad_urls', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['all entries answer 200', withChecks(entry('/'), entry('/a'))],
    ['entries behind a login or bot gate (401/403) and our own rate limit (429)', withChecks(entry('/members', { status: 401 }), entry('/b', { status: 403 }), entry('/c', { status: 429 }))],
    ['an entry our guard refused', withChecks(entry('/x', { status: null, final_url: null, error: 'refused https://example.com/x: resolves to 10.0.0.1' }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists broken entries in one warning, with how many were checked', () => {
    const [f, ...rest] = findingsOf(check, withChecks(entry('/'), entry('/gone', { status: 404 }), entry('/down', { status: null, final_url: null, error: 'connect ECONNRESET' })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 of 3 checked sitemap URLs are broken' });
    expect(f!.evidence).toMatchObject({ checked: 3, urls: [{ url: 'https://example.com/gone', status: 404 }, { url: 'https://example.com/down', error: 'connect ECONNRESET' }] });
  });

  it('reads the entries from the sitemap body and uses what the crawl saw for them', () => {
    const body = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url><url><loc> https://example.com/summer-school-2019 </loc></url><url><loc>https://example.com/never-checked</loc></url></urlset>';
    const bundle = makeBundle({
      pages: [makePage(), makePage({ url: 'https://example.com/summer-school-2019', depth: 1, region: 'sitemap', status: 404 })],
      site: {
        ...makeBundle().site,
        sitemaps: [{ url: 'https://example.com/sitemap-pages.xml', status: 200, content_type: 'application/xml', body, truncated: false, error: null, source: 'robots' }],
      },
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f!.evidence).toMatchObject({ checked: 2, listed: 3, urls: [{ url: 'https://example.com/summer-school-2019', status: 404, observed_by: 'crawl' }] });
  });

  it('notes entries that redirect as info', () => {
    const [f] = findingsOf(check, withChecks(entry('/old', { status: 200, final_url: 'https://example.com/new' })));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ urls: [{ url: 'https://example.com/old', final_url: 'https://example.com/new', observed_by: 'sitemap_check' }] });
  });

  it("reads a local copy's sitemap, which names production, at the copy's address (each entry once; the crawl's 404s counted)", () => {
    const local = 'http://127.0.0.1:4340';
    const body = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://mobair.fi/</loc></url><url><loc>https://mobair.fi/docs/</loc></url><url><loc>https://mobair.fi/tuotteet/</loc></url></urlset>';
    const own = (path: string, status = 200) => makePage({ url: `${local}${path}`, final_url: `${local}${path}`, depth: path === '/' ? 0 : 1, region: 'sitemap', status, dom: makeDom({ canonical: [`https://mobair.fi${path}`] }) });
    const bundle = makeBundle({
      run: { ...makeBundle().run, url: `${local}/` },
      pages: [own('/'), own('/docs/', 404)],
      site: {
        ...makeBundle().site,
        origin: local,
        sitemaps: [{ url: `${local}/sitemap.xml`, status: 200, content_type: 'application/xml', body, truncated: false, error: null, source: 'default' }],
        sitemap_url_checks: [{ url: `${local}/tuotteet/`, status: 404, method: 'HEAD', error: null, final_url: `${local}/tuotteet/`, found_on: [] }],
      },
    });
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ title: '2 of 3 checked sitemap URLs are broken' });
    expect(f!.evidence).toMatchObject({ listed: 3, checked: 3 });
  });

  it('does not count an entry whose redirect the guard refused (a copy\'s redirect stub to production)', () => {
    const stub = entry('/korvausilmalaitteet/', { status: null, error: 'net::ERR_TUNNEL_CONNECTION_FAILED', final_url: 'https://mobair.fi/tuloilmaventtiilit/' });
    const bundle = withChecks(entry('/'), stub, entry('/gone', { status: 404 }));
    bundle.blocked = [{ url: 'mobair.fi:443', reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/korvausilmalaitteet/' }];
    expect(findingsOf(check, bundle)[0]).toMatchObject({ title: '1 of 3 checked sitemap URLs are broken' });
  });
});
