import { describe, expect, it } from 'vitest';
import { pathTemplate, spreadByTemplate } from './url-template.js';

describe('pathTemplate', () => {
  it.each([
    ['https://example.com/', '/'],
    ['https://example.com/index.html', '/'],
    ['https://example.com/about', '/about'],
    ['https://example.com/About.html', '/about'],
    ['https://example.com/docs/intro', '/docs/<x>'],
    ['https://example.com/docs/reference/install', '/docs/<x>/<x>'],
    ['https://example.com/docs/reference/install/', '/docs/<x>/<x>'],
    ['https://example.com/blog/2024/05/a-post-about-roses', '/blog/<n>/<n>/<x>'],
    ['https://example.com/articles/17', '/articles/<n>'],
    ['https://example.com/orders/3f2b9c1e-6a7d-4e8f-9a0b-1c2d3e4f5a6b', '/orders/<x>'],
    ['https://example.com/products/sku10492ab', '/products/<x>'],
    ['https://example.com/how-to-prune-roses', '/<slug>'],
    ['https://example.com/5f3e9a0b1c2d', '/<id>'],
    ['https://example.com/product.php?id=3', '/product'],
    ['https://example.com/2023', '/<n>'],
  ])('%s → %s', (url, want) => {
    expect(pathTemplate(url)).toBe(want);
  });

  it('gives pages of one kind one template and pages of different kinds different ones', () => {
    const docs = ['/docs/a/b', '/docs/c/d', '/docs/e/f'].map((p) => pathTemplate(`https://example.com${p}`));
    expect(new Set(docs).size).toBe(1);
    expect(new Set(['/docs/a/b', '/blog/2024/x', '/about', '/pricing'].map((p) => pathTemplate(`https://example.com${p}`))).size).toBe(4);
  });
});

describe('spreadByTemplate', () => {
  it('interleaves kinds of page so a cap keeps every kind', () => {
    const urls = ['/ref/a/1', '/ref/a/2', '/ref/a/3', '/guides/x', '/ref/a/4', '/guides/y', '/about'].map((p) => `https://example.com${p}`);
    expect(spreadByTemplate(urls, (u) => u).map((u) => new URL(u).pathname)).toEqual(['/ref/a/1', '/guides/x', '/about', '/ref/a/2', '/guides/y', '/ref/a/3', '/ref/a/4']);
  });
});
