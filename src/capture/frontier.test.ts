import { describe, expect, it } from 'vitest';
import { Frontier, isUnsafePath, normalizeUrl, type FrontierEntry } from './frontier.js';

/** Takes the next page and finishes it at once, as a crawl of one page at a time would. */
function take(f: Frontier): FrontierEntry | null {
  const e = f.next();
  if (e) f.done(e);
  return e;
}

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
    expect(take(f)!.url).toBe('https://example.com/');
    const from = { url: 'https://example.com/', depth: 1 } as const;
    expect(f.offer('/body', { ...from, region: 'body' })).toBe('queued');
    expect(f.offer('/foot', { ...from, region: 'footer' })).toBe('queued');
    expect(f.offer('/nav', { ...from, region: 'nav' })).toBe('queued');
    expect(f.offer('/nav#x', { ...from, region: 'body' })).toBe('seen');
    expect(f.offer('/head', { ...from, region: 'header' })).toBe('queued');
    expect(f.offer('/deep', { url: 'https://example.com/nav', depth: 2, region: 'nav' })).toBe('queued');
    expect([1, 2, 3, 4, 5].map(() => take(f)!.url.replace('https://example.com', ''))).toEqual([
      '/nav', '/head', '/foot', '/body', '/deep',
    ]);
    expect(take(f)).toBeNull();
  });

  it("queues a single-page app's hash routes as screens of their own, never an in-page anchor", () => {
    const f = new Frontier('example.com', 10);
    const from = { url: 'https://example.com/', depth: 1, region: 'body' } as const;
    expect(f.offer('/#/usage/taring', from)).toBe('queued');
    expect(f.offer('/#!/usage/taring/', from)).toBe('seen');
    expect(f.offer('/guide#install', from)).toBe('queued');
    expect(f.offer('/guide#faq', from)).toBe('seen');
    expect(f.template('https://example.com/docs/#/usage/taring')).toBe(f.template('https://example.com/docs/#/usage/calibrating'));
    expect(f.template('https://example.com/docs/#/usage/taring')).not.toBe(f.template('https://example.com/docs/'));
  });

  it('keeps to the site, skips files and state-changing links, and stops at max pages', () => {
    const f = new Frontier('example.com', 2);
    const from = { url: 'https://example.com/', depth: 1, region: 'body' } as const;
    expect(f.offer('https://other.com/', from)).toBe('off_site');
    expect(f.offer('https://sub.example.com/', from)).toBe('off_site');
    expect(f.offer('/file.pdf', from)).toBe('not_a_page');
    // A source map or a manifest linked from a page is a resource, never a page to grade.
    for (const r of ['/assets/app.js.map', '/site.webmanifest', '/pkg/mod.wasm', '/test/01-intro.md', '/docs/index.rst', '/notebooks/fit.ipynb', '/_config.yml']) expect(f.offer(r, from), r).toBe('not_a_page');
    // Cloudflare's endpoints on the site's host (email protection, challenges) are not the site's pages.
    expect(f.offer('/cdn-cgi/l/email-protection#88e1e6eec8', from)).toBe('not_a_page');
    expect(f.offer('/account/logout', from)).toBe('unsafe');
    // An action in the query string: WooCommerce's add to cart, WordPress's and OpenCart's logout.
    for (const u of ['/shop/?add-to-cart=12', '/cart/?remove_item=abc&_wpnonce=1', '/wp-login.php?action=logout&_wpnonce=2', '/index.php?route=account/logout', '/?logout']) expect(f.offer(u, from), u).toBe('unsafe');
    // Words that only look like one: a page about deleting, a query that names no action.
    for (const u of ['/docs/deleted-items-guide/', '/search?q=logout+button', '/blog/?page=2']) expect(isUnsafePath(`https://example.com${u}`), u).toBe(false);
    for (const p of ['/a', '/b', '/c']) f.offer(p, from);
    expect(take(f)).not.toBeNull();
    expect(take(f)).not.toBeNull();
    expect(take(f)).toBeNull();
    expect(f.leftovers().map((e) => e.url)).toEqual(['https://example.com/c']);
  });

  it('drops what a restriction refuses, without spending the page budget on it', () => {
    const f = new Frontier('example.com', 2);
    const from = { url: 'https://example.com/', depth: 1, region: 'nav' } as const;
    for (const p of ['/private/a', '/public', '/private/b', '/about']) f.offer(p, from);
    f.restrict((url) => !new URL(url).pathname.startsWith('/private'));
    expect([take(f)!.url, take(f)!.url]).toEqual(['https://example.com/public', 'https://example.com/about']);
    expect(take(f)).toBeNull();
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
    const taken = [1, 2, 3, 4, 5, 6].map(() => new URL(take(f)!.url).pathname);
    expect(taken).toEqual(['/docs/ref/page-1', '/about', '/guides/install', '/blog/2024/a-post', '/docs/ref/page-2', '/docs/ref/page-3']);
  });

  it('takes templates from a declared model when one is given', () => {
    const f = new Frontier('example.com', 2, { templateOf: (url) => (new URL(url).pathname.startsWith('/p/') ? 'product' : 'other') });
    const from = { url: 'https://example.com/', depth: 1, region: 'nav' } as const;
    for (const p of ['/p/a', '/p/b', '/p/c', '/contact']) f.offer(p, from);
    expect([take(f)!.url, take(f)!.url]).toEqual(['https://example.com/p/a', 'https://example.com/contact']);
  });
});

/** A small site: its pages' links, as a crawl would read them (region and order kept). */
type SiteGraph = Record<string, { href: string; region: 'nav' | 'body' | 'footer' }[]>;

/** A seeded generator, so a failing order can be replayed. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * Crawls `graph` the way the crawl driver does, `concurrency` pages at a time, with pages finishing
 * in an order drawn from `seed`. Returns the pages in the order taken and how often a free slot had
 * to wait for a page in flight although the queue was not empty.
 */
function crawlInRandomOrder(graph: SiteGraph, opts: { maxPages: number; concurrency: number; seed: number; sitemap?: string[] }) {
  const rand = random(opts.seed);
  const f = new Frontier('example.com', opts.maxPages, { settleWindow: 2 * opts.concurrency });
  f.offer('https://example.com/', { url: null, depth: 0, region: 'start' });
  const start = f.next()!;
  for (const l of graph['/']!) f.offer(l.href, { url: 'https://example.com/', depth: 1, region: l.region, pick: 0 });
  for (const u of opts.sitemap ?? []) f.offer(u, { url: null, depth: 1, region: 'sitemap' });
  f.done(start);
  const taken: string[] = ['/'];
  const flying: FrontierEntry[] = [];
  let waits = 0;
  for (;;) {
    while (flying.length < opts.concurrency) {
      const e = f.next();
      if (!e) {
        if (flying.length > 0 && f.leftovers().length > 0 && f.budgetLeft > 0) waits++;
        break;
      }
      taken.push(new URL(e.url).pathname);
      flying.push(e);
    }
    if (!flying.length) break;
    const e = flying.splice(Math.floor(rand() * flying.length), 1)[0]!;
    for (const l of graph[new URL(e.url).pathname] ?? []) f.offer(l.href, { url: e.url, depth: e.depth + 1, region: l.region, pick: e.pick });
    f.done(e);
  }
  return { taken, waits };
}

/** A docs-and-blog site: sections in the nav, posts and tags found only a level or two down. */
function docsAndBlog(): SiteGraph {
  const g: SiteGraph = {};
  const nav = ['/docs/', '/blog/', '/about', '/pricing'].map((href) => ({ href, region: 'nav' as const }));
  g['/'] = [...nav, { href: '/docs/start', region: 'body' }, { href: '/blog/2024/launch', region: 'body' }];
  g['/docs/'] = [...nav, ...Array.from({ length: 12 }, (_, i) => ({ href: `/docs/guide-${i}`, region: 'body' as const }))];
  g['/blog/'] = [...nav, ...Array.from({ length: 9 }, (_, i) => ({ href: `/blog/2024/post-${i}`, region: 'body' as const }))];
  for (let i = 0; i < 12; i++) g[`/docs/guide-${i}`] = [...nav, { href: `/docs/guide-${(i + 1) % 12}`, region: 'body' }, { href: `/docs/api/ref-${i}`, region: 'body' }];
  for (let i = 0; i < 9; i++) g[`/blog/2024/post-${i}`] = [...nav, { href: `/tags/t${i % 3}`, region: 'body' }, { href: `/authors/a${i % 2}`, region: 'footer' }];
  for (let i = 0; i < 3; i++) g[`/tags/t${i}`] = [...nav, ...Array.from({ length: 3 }, (_, j) => ({ href: `/blog/2024/post-${i + 3 * j}`, region: 'body' as const }))];
  return g;
}

describe('Frontier under concurrency', () => {
  it('takes the same pages in the same order however the pages in flight finish', () => {
    const runs = Array.from({ length: 40 }, (_, seed) => crawlInRandomOrder(docsAndBlog(), { maxPages: 24, concurrency: 4, seed: seed + 1 }).taken);
    expect(runs[0]).toHaveLength(24);
    for (const r of runs) expect(r).toEqual(runs[0]);
    // Still spread across kinds of page, deeper ones included.
    expect(runs[0]).toEqual(expect.arrayContaining(['/about', '/pricing', '/docs/api/ref-0', '/authors/a0']));
    expect(runs[0]!.some((p) => p.startsWith('/tags/'))).toBe(true);
  });

  it('keeps the details of the offer a one-at-a-time crawl meets first, whichever page finished first', () => {
    const f = new Frontier('example.com', 10);
    f.offer('https://example.com/', { url: null, depth: 0, region: 'start' });
    const start = f.next()!;
    f.offer('/a', { url: 'https://example.com/', depth: 1, region: 'nav', pick: 0 });
    f.offer('/b', { url: 'https://example.com/', depth: 1, region: 'nav', pick: 0 });
    f.done(start);
    const a = f.next()!;
    const b = f.next()!;
    // /b answers first and links /shared from its body; /a links it from its nav.
    f.offer('/shared', { url: b.url, depth: 2, region: 'body', pick: b.pick });
    f.done(b);
    f.offer('/shared', { url: a.url, depth: 2, region: 'nav', pick: a.pick });
    f.done(a);
    expect(f.next()).toMatchObject({ url: 'https://example.com/shared', found_on: 'https://example.com/a', region: 'nav', parent: a.pick });
  });

  it('seldom makes a free slot wait when the sitemap lists the site', () => {
    const g = docsAndBlog();
    const sitemap = Object.keys(g).map((p) => `https://example.com${p}`);
    const { taken, waits } = crawlInRandomOrder(g, { maxPages: 20, concurrency: 4, seed: 7, sitemap });
    expect(taken).toHaveLength(20);
    expect(waits).toBe(0);
  });
});
