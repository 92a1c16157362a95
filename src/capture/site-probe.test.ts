import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../evidence/types.js';
import { sitemapPageUrls } from './site-probe.js';

const sitemap = (body: string): FetchedResource => ({ url: 'https://docs.example.org/velocitas-docs/sitemap.xml', status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'default', body });

describe('sitemapPageUrls', () => {
  it('reads root-relative entries against the sitemap\'s address (Hugo with a relative baseURL), other hosts and garbage aside', () => {
    const body = '<urlset><url><loc>/velocitas-docs/docs/</loc></url><url><loc>https://docs.example.org/velocitas-docs/about/</loc></url>'
      + '<url><loc>https://elsewhere.example.net/x/</loc></url><url><loc>undefined</loc></url><url><loc>//cdn.example.net/a/</loc></url></urlset>';
    expect(sitemapPageUrls([sitemap(body)], 'docs.example.org', 10)).toEqual([
      'https://docs.example.org/velocitas-docs/docs/',
      'https://docs.example.org/velocitas-docs/about/',
    ]);
  });
});
