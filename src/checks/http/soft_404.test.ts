import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './soft_404.js';

const page = (title: string, h1?: string, over: Parameters<typeof makePage>[0] = {}) =>
  makePage({ url: 'https://example.com/missing', depth: 1, title, dom: makeDom({ headings: h1 ? [{ level: 1, text: h1 }] : [] }), ...over });

describe('http.soft_404', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a blog post about 404 pages', page('How to design a great 404 page | Acme Blog', 'How to design a great 404 page')],
    ['a product whose name contains 404', page('Model 404 bookshelf speaker – Acme')],
    ['a search with no results', page('Search | Acme', 'Nothing found for "xyz"')],
    ['a title merely containing the words', page('Lost and Not Found: a novel')],
    ['a real 404 (http.error_status reports it)', page('Page not found', 'Page not found', { status: 404 })],
    ['a not-found page served as plain text', page('Page not found', undefined, { headers: { 'content-type': 'text/plain' } })],
  ] as const;
  it.each(valid)('passes: %s', (_name, p) => {
    const bundle = 'pages' in p ? p : makeBundle({ pages: [makePage(), p] });
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  const invalid = [
    ['Page not found | Acme', undefined, 'page not found', 'title'],
    ['404', undefined, '404', 'title'],
    ['Acme', 'Oops! This page could not be found.', 'this page could not be found', 'h1'],
    ['Seite nicht gefunden – Acme', undefined, 'seite nicht gefunden', 'title'],
    ['Acme: Error 404', undefined, 'error 404', 'title'],
  ] as const;
  it.each(invalid)('flags a 200 page titled %j / h1 %j', (title, h1, matched, where) => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [makePage(), page(title, h1)] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', check_id: 'http.soft_404' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/missing', status: 200, matched, matched_in: where });
  });

  it.each(['/404.html', '/404/', '/not-found/', '/docs/404.html'])("notes the site's error page reached at its own address, %s, as info (a theme's HTML sitemap lists it)", (path) => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [makePage(), page('Page not found | Acme', 'Page not found', { url: `https://example.com${path}`, final_url: `https://example.com${path}` })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: `The site's error page is linked at its own address, ${path}, which answers 200 as a file` });
    expect(f!.evidence).toMatchObject({ error_page_itself: true });
  });

  it('still flags a missing address redirected to the error page, which answers 200 (a redirect plugin)', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage(), page('Page not found | Acme', undefined, { url: 'https://example.com/old-post', final_url: 'https://example.com/404.html', redirect_chain: [{ url: 'https://example.com/old-post', status: 302, location: '/404.html' }] })] }));
    expect(f).toMatchObject({ severity: 'warning', title: '/404.html says "page not found" but answers 200' });
  });

  it('still flags a missing address that answers with the error page and 200', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage(), page('Page not found | Acme', undefined, { url: 'https://example.com/old-404-post', final_url: 'https://example.com/old-404-post' })] }));
    expect(f).toMatchObject({ severity: 'warning' });
  });
});
