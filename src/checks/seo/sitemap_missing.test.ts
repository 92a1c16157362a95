import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { check } from './sitemap_missing.js';

const sitemap = (over: Partial<FetchedResource>): FetchedResource => ({
  url: 'https://example.com/sitemap.xml', status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'default',
  body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>',
  ...over,
});
const withSitemaps = (...sitemaps: FetchedResource[]) => makeBundle({ site: { ...makeBundle().site, sitemaps } });

describe('seo.sitemap_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a sitemap at the default location', withSitemaps(sitemap({}))],
    ['a malformed sitemap (seo.sitemap_invalid reports it)', withSitemaps(sitemap({ body: '<urlset><url>' }))],
    ['a project site: nothing at the host\'s root, its sitemap in its folder', withSitemaps(
      sitemap({ url: 'https://org.github.io/sitemap.xml', status: 404, content_type: 'text/html', body: '<!DOCTYPE html><title>404</title>' }),
      sitemap({ url: 'https://org.github.io/project/sitemap.xml' }),
    )],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable when no sitemap fetch was attempted', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('notes a missing /sitemap.xml as info', () => {
    const [f] = findingsOf(check, withSitemaps(sitemap({ status: 404, body: 'nope', content_type: 'text/plain' })));
    expect(f).toMatchObject({ severity: 'info', title: 'No sitemap found' });
    expect(f!.evidence).toMatchObject({ tried: [{ url: 'https://example.com/sitemap.xml', status: 404 }] });
  });

  it('counts an app shell served at /sitemap.xml as no sitemap', () => {
    const [f] = findingsOf(check, withSitemaps(sitemap({ content_type: 'text/html', body: '<!DOCTYPE html><html><div id=root></div></html>' })));
    expect(f).toMatchObject({ severity: 'info' });
  });

  it('warns when robots.txt names a sitemap that does not exist', () => {
    const [f, ...rest] = findingsOf(check, withSitemaps(sitemap({ url: 'https://example.com/sitemap_index.xml', source: 'robots', status: 404, body: '' })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/sitemap_index.xml', status: 404, source: 'robots' });
  });

  it('notes a robots.txt sitemap the audit\'s own guard refused as not verified (info), not as broken', () => {
    const error = 'refused https://lab.uni-research.de/sitemap.xml: host is not in QA_URL_ALLOWLIST';
    const [f, ...rest] = findingsOf(check, withSitemaps(sitemap({ url: 'https://lab.uni-research.de/sitemap.xml', source: 'robots', status: null, body: null, content_type: null, error })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: expect.stringContaining('not fetched') });
    expect(f!.evidence).toMatchObject({ url: 'https://lab.uni-research.de/sitemap.xml', verified: false, error });
  });

  it('says nothing of a refused robots.txt sitemap when the copy\'s own sitemap at the same path was read', () => {
    const error = 'refused https://lab.uni-research.de/sitemap.xml: host is not in QA_URL_ALLOWLIST';
    expect(findingsOf(check, withSitemaps(sitemap({ url: 'https://lab.uni-research.de/sitemap.xml', source: 'robots', status: null, body: null, content_type: null, error }), sitemap({})))).toEqual([]);
  });

  it('still warns when a public site\'s robots.txt names a sitemap on this machine or a private address, refused or not', () => {
    const [f] = findingsOf(check, withSitemaps(sitemap({ url: 'http://localhost:8080/sitemap.xml', source: 'robots', status: null, body: null, error: 'refused http://localhost:8080/sitemap.xml: resolves to 127.0.0.1, a loopback address' }), sitemap({})));
    expect(f).toMatchObject({ severity: 'warning', title: 'Sitemap named in robots.txt cannot be fetched' });
  });

  it('still warns when a robots.txt sitemap failed on the site\'s side (DNS, connection)', () => {
    const [f] = findingsOf(check, withSitemaps(sitemap({ url: 'https://example.com/sitemap.xml', source: 'robots', status: null, body: null, error: 'getaddrinfo ENOTFOUND example.com' })));
    expect(f).toMatchObject({ severity: 'warning', title: 'Sitemap named in robots.txt cannot be fetched' });
  });
});
