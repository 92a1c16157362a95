import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './sitemap_invalid.js';

const sitemap = (body: string, over: Partial<FetchedResource> = {}): FetchedResource => ({
  url: 'https://example.com/sitemap.xml', status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'robots', body, ...over,
});
const withSitemaps = (...sitemaps: FetchedResource[]) => makeBundle({ site: { ...makeBundle().site, sitemaps } });

describe('seo.sitemap_invalid', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a sitemap index with a BOM', withSitemaps(sitemap('\uFEFF<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/s1.xml</loc></sitemap></sitemapindex>'))],
    ['a namespaced urlset with image extensions', withSitemaps(sitemap('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>https://example.com/?a=1&amp;b=2</loc><image:image><image:loc>https://example.com/a.jpg</image:loc></image:image></url></urlset>'))],
    ['a text sitemap', withSitemaps(sitemap('https://example.com/\nhttps://example.com/about\n', { url: 'https://example.com/sitemap.txt', content_type: 'text/plain' }))],
    ['a body cut at the capture limit', withSitemaps(sitemap('<urlset><url><loc>https://example.com/</loc></url><url><lo', { truncated: true }))],
    ['a gzip sitemap', withSitemaps(sitemap('\u001f\u008b\u0008', { url: 'https://example.com/sitemap.xml.gz', content_type: 'application/x-gzip' }))],
    ['a 404 (seo.sitemap_missing reports it)', withSitemaps(sitemap('<html>', { status: 404 }))],
    ['an app shell at the default location (seo.sitemap_missing reports it)', withSitemaps(sitemap('<!doctype html><html></html>', { source: 'default', content_type: 'text/html' }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  const invalid = [
    ['unclosed tags', '<?xml version="1.0"?><urlset><url><loc>https://example.com/</loc></url>', 'xml_error'],
    ['an unescaped ampersand', '<?xml version="1.0"?><urlset><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>', 'xml_error'],
    ['whitespace before the XML declaration', '\n  <?xml version="1.0"?><urlset></urlset>', 'xml_error'],
    ['an RSS feed', '<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>', 'wrong_root'],
    ['an empty body', '   ', 'empty'],
    ['root-relative <loc> entries (Hugo with a relative baseURL)', '<?xml version="1.0" encoding="utf-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/velocitas-docs/docs/</loc></url><url><loc>/velocitas-docs/docs/about/</loc></url></urlset>', 'relative_urls'],
    ['a sitemap index naming its children by path', '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>/en/sitemap.xml</loc></sitemap></sitemapindex>', 'relative_urls'],
  ] as const;
  it.each(invalid)('flags %s', (_name, body, problem) => {
    const [f, ...rest] = findingsOf(check, withSitemaps(sitemap(body)));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/sitemap.xml', problem });
  });

  it('flags an HTML page where robots.txt promised a sitemap', () => {
    const [f] = findingsOf(check, withSitemaps(sitemap('<!DOCTYPE html><html><body>Home</body></html>', { content_type: 'text/html' })));
    expect(f!.evidence).toMatchObject({ problem: 'html', source: 'robots' });
  });
});
