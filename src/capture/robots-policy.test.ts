import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../evidence/types.js';
import { crawlPolicy } from './robots-policy.js';

const robots = (body: string, over: Partial<FetchedResource> = {}): FetchedResource => ({
  url: 'https://shop.example/robots.txt', status: 200, content_type: 'text/plain', body, truncated: false, error: null, source: 'default', ...over,
});

describe('crawl policy from robots.txt', () => {
  it('ignores rules for every crawler: they are about search, the Found checks report them', () => {
    const p = crawlPolicy(robots('User-agent: *\nDisallow: /\n'));
    expect(p.allows('https://shop.example/products')).toBe(true);
  });

  it("obeys a group that names siteqa, with RFC 9309's longest match", () => {
    const p = crawlPolicy(robots('User-agent: Googlebot\nDisallow: /\n\nUser-agent: SiteQA\nDisallow: /private\nAllow: /private/press\n'));
    expect(p.allows('https://shop.example/private/orders')).toBe(false);
    expect(p.allows('https://shop.example/private/press/kit')).toBe(true);
    expect(p.allows('https://shop.example/products?page=2')).toBe(true);
  });

  it('keeps everyone out that a named group keeps out, also for a group of several agents', () => {
    const p = crawlPolicy(robots('User-agent: bingbot\nUser-agent: siteqa\nDisallow: /\n'));
    expect(p.allows('https://shop.example/')).toBe(false);
  });

  it('allows everything without a usable robots.txt', () => {
    for (const r of [null, robots('User-agent: siteqa\nDisallow: /', { status: 404 }), robots('', { status: 200 }), robots('User-agent: siteqa\nDisallow: /', { status: null, body: null, error: 'timeout' })]) {
      expect(crawlPolicy(r).allows('https://shop.example/a')).toBe(true);
    }
  });

  it('does not take a longer agent name for siteqa', () => {
    expect(crawlPolicy(robots('User-agent: siteqa-evil\nDisallow: /\n')).allows('https://shop.example/')).toBe(true);
  });
});
