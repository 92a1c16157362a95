// A crawl frontier given an app model's templates visits one page (or the template's sample) per
// template instead of every product, spends the freed budget on other pages, and never visits a
// never-touch URL.
import { describe, expect, it } from 'vitest';
import { Frontier } from '../capture/frontier.js';
import { templateSampler } from './templates.js';

function crawlOrder(f: Frontier): string[] {
  const visited: string[] = [];
  for (let e = f.next(); e; e = f.next()) {
    visited.push(new URL(e.url).pathname);
    f.done(e);
  }
  return visited;
}

function shopFrontier(): Frontier {
  const f = new Frontier('shop.example', 8);
  const from = { url: 'https://shop.example/', depth: 1, region: 'body' } as const;
  for (const p of ['/products/lamp', '/products/desk', '/products/chair', '/products/rug', '/products/vase', '/products/shelf', '/about', '/admin/users', '/blog/one', '/blog/two', '/contact']) f.offer(p, from);
  return f;
}

describe('template sampling in the crawl frontier', () => {
  it('without a model, the budget is spread by path shape: products take turns with the rest of the site', () => {
    expect(crawlOrder(shopFrontier())).toEqual(['/products/lamp', '/about', '/admin/users', '/blog/one', '/contact', '/products/desk', '/blog/two', '/products/chair']);
  });

  it('with templates, one product (or the sample) and the rest of the site', () => {
    const f = shopFrontier();
    f.limitBy(templateSampler({ templates: [{ name: 'product', pattern: '/products/:slug' }, { name: 'post', pattern: '/blog/:slug', sample: 2 }], never_touch: { urls: ['/admin/**'] } })!);
    expect(crawlOrder(f)).toEqual(['/products/lamp', '/about', '/blog/one', '/contact', '/blog/two']);
    expect(f.sampledOut.map((e) => new URL(e.url).pathname)).toEqual(['/admin/users', '/products/desk', '/products/chair', '/products/rug', '/products/vase', '/products/shelf']);
    expect(f.budgetLeft).toBe(3);
  });
});
