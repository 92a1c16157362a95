import { describe, expect, it } from 'vitest';
import { codeShaped, linkCheckOrder, mostRepeated } from './link-order.js';
import { pathTemplate } from './url-template.js';

describe('mostRepeated', () => {
  it('names the targets the most pages link to, three pages at least, leaving out those already taken', () => {
    const pages = (n: number) => Array.from({ length: n }, (_, i) => `https://notes.example/p${i}`);
    const targets = new Map<string, string[]>([
      ['https://notes.example/tags/t-1', pages(1)],
      ['https://notes.example/tags/folder', pages(14)],
      ['https://notes.example/about/', pages(14)],
      ['https://notes.example/guide/', pages(3)],
      ['https://notes.example/rare/', pages(2)],
    ]);
    expect(mostRepeated(targets, [], 2)).toEqual(['https://notes.example/about/', 'https://notes.example/tags/folder']);
    expect(mostRepeated(targets, ['https://notes.example/about/'], 5)).toEqual(['https://notes.example/tags/folder', 'https://notes.example/guide/']);
  });
});

describe('linkCheckOrder', () => {
  const at = (path: string) => `https://docs.example${path}`;
  const pages = (n: number) => Array.from({ length: n }, (_, i) => at(`/p${i}`));

  it('takes a relative template link\'s unvisited addresses first, then the most repeated targets, then the rest by template, likeliest broken first', () => {
    const targets = new Map<string, string[]>([
      [at('/guide/n1.html'), [at('/guide/a.html')]],
      [at('/guide/n2.html'), [at('/guide/a.html')]],
      [at('/guide/index.html'), [at('/guide/a.html')]],
      [at('/tags/folder'), pages(4)],
      [at('/listed/'), [at('/')]],
    ]);
    // "Home" (index.html) is written on two pages and leads to two addresses: right at the top, 404 under /guide/.
    const relative = [
      { key: 'index.html\u0000Home', page: at('/'), resolved: at('/index.html') },
      { key: 'index.html\u0000Home', page: at('/guide/a.html'), resolved: at('/guide/index.html') },
      { key: 'n1.html\u0000Note', page: at('/guide/a.html'), resolved: at('/guide/n1.html') },
    ];
    const order = [...linkCheckOrder({ targets, relative, sitemapUrls: [at('/listed/')], templateOf: pathTemplate }).keys()];
    expect(order.slice(0, 2)).toEqual([at('/guide/index.html'), at('/tags/folder')]);
    // The sitemap's own entry comes after the hand-written links of its kind.
    expect(order).toHaveLength(5);
    expect(order.indexOf(at('/listed/'))).toBeGreaterThan(order.indexOf(at('/guide/n1.html')));
  });

  it('takes addresses shaped like code right after, before the spread of the rest (a rustdoc intra-doc link left unresolved)', () => {
    const many = new Map<string, string[]>(Array.from({ length: 60 }, (_, i) => [at(`/diesel/struct.T${i}.html`), [at('/diesel/index.html')]] as [string, string[]]));
    many.set(at('/diesel/query_dsl/QueryDsl::left_outer_join()'), [at('/diesel/struct.table.html')]);
    const order = [...linkCheckOrder({ targets: many, relative: [], sitemapUrls: [], templateOf: pathTemplate }).keys()];
    expect(order[0]).toBe(at('/diesel/query_dsl/QueryDsl::left_outer_join()'));
  });
});

describe('codeShaped', () => {
  it.each([
    ['https://d.example/x/QueryDsl::left_outer_join()', true],
    ['https://d.example/%7B%7B%20site.url%20%7D%7D/about/', true],
    ['https://d.example/blog/undefined', true],
    ['https://d.example/docs/Vec%3CT%3E.html', true],
    ['https://d.example/guide/install.html', false],
    ['https://d.example/2023/09/trie-template/', false],
    ['https://d.example/search?q=(a)', false],
  ])('%s → %s', (url, expected) => {
    expect(codeShaped(url)).toBe(expected);
  });
});
