import { describe, expect, it } from 'vitest';
import { Frontier, normalizeUrl } from './frontier.js';

describe('normalizeUrl', () => {
  it.each([
    ['https://Example.com/a#top', 'https://example.com/a'],
    ['https://example.com:443/a?utm_source=x&q=1', 'https://example.com/a?q=1'],
    ['/b', 'https://example.com/b'],
    ['javascript:void(0)', null],
    ['mailto:a@example.com', null],
    ['http://user:pw@example.com/', 'http://example.com/'],
  ])('%s → %s', (raw, want) => {
    expect(normalizeUrl(raw, 'https://example.com/')).toBe(want);
  });
});

describe('Frontier', () => {
  it('orders breadth first, then nav, header, footer, body, and de-duplicates', () => {
    const f = new Frontier('example.com', 10);
    f.offer('https://example.com/', { url: null, depth: 0, region: 'start' });
    expect(f.next()!.url).toBe('https://example.com/');
    const from = { url: 'https://example.com/', depth: 1 } as const;
    expect(f.offer('/body', { ...from, region: 'body' })).toBe('queued');
    expect(f.offer('/foot', { ...from, region: 'footer' })).toBe('queued');
    expect(f.offer('/nav', { ...from, region: 'nav' })).toBe('queued');
    expect(f.offer('/nav#x', { ...from, region: 'body' })).toBe('seen');
    expect(f.offer('/head', { ...from, region: 'header' })).toBe('queued');
    expect(f.offer('/deep', { url: 'https://example.com/nav', depth: 2, region: 'nav' })).toBe('queued');
    expect([1, 2, 3, 4, 5].map(() => f.next()!.url.replace('https://example.com', ''))).toEqual([
      '/nav', '/head', '/foot', '/body', '/deep',
    ]);
    expect(f.next()).toBeNull();
  });

  it('keeps to the site, skips files and state-changing links, and stops at max pages', () => {
    const f = new Frontier('example.com', 2);
    const from = { url: 'https://example.com/', depth: 1, region: 'body' } as const;
    expect(f.offer('https://other.com/', from)).toBe('off_site');
    expect(f.offer('https://sub.example.com/', from)).toBe('off_site');
    expect(f.offer('/file.pdf', from)).toBe('not_a_page');
    // A source map or a manifest linked from a page is a resource, never a page to grade.
    for (const r of ['/assets/app.js.map', '/site.webmanifest', '/pkg/mod.wasm']) expect(f.offer(r, from), r).toBe('not_a_page');
    expect(f.offer('/account/logout', from)).toBe('unsafe');
    for (const p of ['/a', '/b', '/c']) f.offer(p, from);
    expect(f.next()).not.toBeNull();
    expect(f.next()).not.toBeNull();
    expect(f.next()).toBeNull();
    expect(f.leftovers().map((e) => e.url)).toEqual(['https://example.com/c']);
  });

  it('drops what a restriction refuses, without spending the page budget on it', () => {
    const f = new Frontier('example.com', 2);
    const from = { url: 'https://example.com/', depth: 1, region: 'nav' } as const;
    for (const p of ['/private/a', '/public', '/private/b', '/about']) f.offer(p, from);
    f.restrict((url) => !new URL(url).pathname.startsWith('/private'));
    expect([f.next()!.url, f.next()!.url]).toEqual(['https://example.com/public', 'https://example.com/about']);
    expect(f.next()).toBeNull();
    expect(f.refused.map((e) => e.url)).toEqual(['https://example.com/private/a', 'https://example.com/private/b']);
  });

  it('treats one page under its several addresses as one, and skips a page\'s own query-string variants', () => {
    const f = new Frontier('example.com', 10);
    const from = { url: 'https://example.com/shop', depth: 1, region: 'body' } as const;
    f.markSeen('https://example.com/');
    expect(f.offer('/index.html', from)).toBe('seen');
    expect(f.offer('HTTPS://EXAMPLE.COM/?utm_source=nav', from)).toBe('seen');
    expect(f.offer('/shop/', from)).toBe('queued');
    expect(f.offer('/shop', from)).toBe('seen');
    expect(f.offer('/shop?sort=price', from)).toBe('variant');
    expect(f.offer('/shop?id=4', from)).toBe('queued');
    expect(f.offer('/search?q=roses', from)).toBe('queued');
  });

  it('spreads the budget across URL templates, so one kind of page never eats it', () => {
    const f = new Frontier('example.com', 6);
    const home = { url: 'https://example.com/', depth: 1, region: 'nav' } as const;
    for (let i = 1; i <= 20; i++) f.offer(`/docs/ref/page-${i}`, home);
    f.offer('/about', { ...home, region: 'footer' });
    f.offer('/blog/2024/a-post', { url: 'https://example.com/docs/ref/page-1', depth: 2, region: 'body' });
    f.offer('https://example.com/guides/install', { url: null, depth: 1, region: 'sitemap' });
    const taken = [1, 2, 3, 4, 5, 6].map(() => new URL(f.next()!.url).pathname);
    expect(taken).toEqual(['/docs/ref/page-1', '/about', '/guides/install', '/blog/2024/a-post', '/docs/ref/page-2', '/docs/ref/page-3']);
  });

  it('takes templates from a declared model when one is given', () => {
    const f = new Frontier('example.com', 2, { templateOf: (url) => (new URL(url).pathname.startsWith('/p/') ? 'product' : 'other') });
    const from = { url: 'https://example.com/', depth: 1, region: 'nav' } as const;
    for (const p of ['/p/a', '/p/b', '/p/c', '/contact']) f.offer(p, from);
    expect([f.next()!.url, f.next()!.url]).toEqual(['https://example.com/p/a', 'https://example.com/contact']);
  });
});
