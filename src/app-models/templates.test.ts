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
    ['/**/admin/**', '/a/b/admin/c/d', true],
    ['/**/admin/**', '/a/b/administrator/c', false],
    ['/a*b*c', '/aXXbYYc', true],
    ['/a*b*c', '/aXXbYY', false],
    ['/**/**', '/x/y', true],
  ];
  it.each(cases)('%s on %s → %s', (pattern, url, expected) => {
    expect(matchesPath(compilePattern(pattern), url)).toBe(expected);
  });

  it('takes linear time on patterns a backtracking regular expression takes exponential time on', () => {
    // 99 `**` segments (the longest a 300-character pattern holds) against a 60-segment path that fails at the end.
    const pattern = compilePattern(`${'/**/x'.repeat(49)}/zz`);
    const path = `/${Array.from({ length: 60 }, () => 'x').join('/')}/y`;
    const star = compilePattern(`/${'a*'.repeat(100)}b`);
    let calls = 0;
    for (let i = 0; i < 50; i++) {
      calls += Number(matchesPath(pattern, path)) + Number(matchesPath(star, `/${'a'.repeat(2000)}`));
    }
    expect(calls).toBe(0);
  });

  it('runs the same matcher in the page as in the service', async () => {
    const { MATCHER_SOURCE } = await import('./patterns.js');
    const inPage = new Function(`return ${MATCHER_SOURCE}`)() as (p: string[], path: string) => boolean;
    for (const [pattern, url, expected] of cases) {
      const path = url.startsWith('/') ? url.split(/[?#]/)[0]! : new URL(url).pathname;
      if (path.includes('%')) continue;
      expect(inPage(compilePattern(pattern).segments, path), `${pattern} on ${url}`).toBe(expected);
    }
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
