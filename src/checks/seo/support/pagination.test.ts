import { describe, expect, it } from 'vitest';
import { onePaginatedList } from './pagination.js';

describe('pages of one paginated list', () => {
  it.each<[string, string[], boolean]>([
    ['Pelican index pages', ['https://x.com/index.html', 'https://x.com/index2.html', 'https://x.com/index3.html'], true],
    ['a Pelican category', ['https://x.com/category/go.html', 'https://x.com/category/go2.html'], true],
    ['Hugo /page/N/', ['https://x.com/blog/', 'https://x.com/blog/page/2/', 'https://x.com/blog/page/3/'], true],
    ['WordPress ?paged=', ['https://x.com/news/?paged=2', 'https://x.com/news/?paged=3'], true],
    ['a query page number', ['https://x.com/shop?page=2&sort=new', 'https://x.com/shop?sort=new'], true],
    ['Jekyll /blog/2/', ['https://x.com/blog/', 'https://x.com/blog/2/'], true],
    ['two different pages', ['https://x.com/about/', 'https://x.com/contact/'], false],
    ['two lists', ['https://x.com/blog/page/2/', 'https://x.com/news/page/2/'], false],
    ['a page and another folder', ['https://x.com/guide/a.html', 'https://x.com/usage/a.html'], false],
    ['numbered releases are not pages of a list', ['https://x.com/release-1.html', 'https://x.com/notes.html'], false],
    ['chapters numbered with no first page', ['https://x.com/book/chapter1.html', 'https://x.com/book/chapter2.html'], false],
    ['Chirpy /page2', ['https://x.com/', 'https://x.com/page2', 'https://x.com/page3/'], true],
    ['a listing and a product', ['https://x.com/product/', 'https://x.com/product/123/'], false],
  ])('%s', (_name, urls, expected) => {
    expect(onePaginatedList(urls)).toBe(expected);
  });
});
