import { describe, expect, it } from 'vitest';
import { sitemapIndexLocs, sitemapLocs } from './sitemap-locs.js';

describe('sitemapLocs', () => {
  it('reads page entries leniently: prefixes, CDATA, entities, an XML error elsewhere', () => {
    const body = `<?xml version="1.0"?><ns:urlset xmlns:ns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <ns:url><ns:loc>https://example.com/a?x=1&amp;y=2</ns:loc></ns:url>
      <url><loc><![CDATA[ https://example.com/b ]]></loc><lastmod>Invalid date</lastmod></url>
      <url><loc>https://example.com/c</loc></url><broken`;
    expect(sitemapLocs(body)).toEqual(['https://example.com/a?x=1&y=2', 'https://example.com/b', 'https://example.com/c']);
  });

  it('does not list the child sitemaps of an index as pages; sitemapIndexLocs does', () => {
    const index = '<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>https://example.com/post-sitemap.xml?a=1&amp;b=2</sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(sitemapLocs(index)).toEqual([]);
    expect(sitemapIndexLocs(index)).toEqual(['https://example.com/post-sitemap.xml?a=1&b=2']);
    expect(sitemapIndexLocs('<urlset><url><loc>https://example.com/</loc></url></urlset>')).toEqual([]);
  });

  it('reads a plain-text sitemap (one absolute URL per line), and nothing from a text file that is no sitemap', () => {
    expect(sitemapLocs('\uFEFFhttps://example.com/\r\nhttps://example.com/example\n\nhttps://example.com/example/two-deep\n')).toEqual([
      'https://example.com/', 'https://example.com/example', 'https://example.com/example/two-deep',
    ]);
    expect(sitemapLocs('User-agent: *\nDisallow: /\n')).toEqual([]);
    expect(sitemapLocs('')).toEqual([]);
  });
});
