// Path patterns and the template sampler: which URLs a pattern claims, first match wins, never-touch first.
import { describe, expect, it } from 'vitest';
import { compilePattern, matchesPath } from './patterns.js';
import { templateSampler } from './templates.js';

describe('path patterns', () => {
  const cases: [string, string, boolean][] = [
    ['/products/:slug', 'https://shop.example/products/lamp', true],
    ['/products/:slug', 'https://shop.example/products/lamp/', true],
    ['/products/:slug', 'https://shop.example/products/lamp?color=red#top', true],
    ['/products/:slug', 'https://shop.example/products', false],
    ['/products/:slug', 'https://shop.example/products/lamp/reviews', false],
    ['/blog/**', 'https://shop.example/blog', true],
    ['/blog/**', 'https://shop.example/blog/2024/05/post', true],
    ['/blog/**', 'https://shop.example/blogger', false],
    ['/p-*.html', '/p-123.html', true],
    ['/p-*.html', '/p-123xhtml', false],
    ['/*/edit', '/42/edit', true],
    ['/*/edit', '/a/b/edit', false],
    ['/café/:x', 'https://shop.example/caf%C3%A9/1', true],
    ['/', 'https://shop.example/', true],
    ['/', 'https://shop.example/x', false],
  ];
  it.each(cases)('%s on %s → %s', (pattern, url, expected) => {
    expect(matchesPath(compilePattern(pattern), url)).toBe(expected);
  });
});

describe('templateSampler', () => {
  it('is null when the model declares neither templates nor never-touch URLs', () => {
    expect(templateSampler(null)).toBeNull();
    expect(templateSampler({ notes: 'x', never_touch: { selectors: ['#a'] } })).toBeNull();
  });

  it('names the first matching template with its sample, and never-touch URLs with zero', () => {
    const s = templateSampler({
      templates: [{ name: 'product', pattern: '/products/:slug', sample: 2 }, { name: 'catalog', pattern: '/products/**' }],
      never_touch: { urls: ['/products/secret'] },
    })!;
    expect(s('https://shop.example/products/lamp')).toEqual({ key: 'product', max: 2 });
    expect(s('https://shop.example/products/a/b')).toEqual({ key: 'catalog', max: 1 });
    expect(s('https://shop.example/products/secret')).toEqual({ key: 'never_touch', max: 0 });
    expect(s('https://shop.example/about')).toBeNull();
  });
});
