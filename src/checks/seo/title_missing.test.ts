import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './title_missing.js';

describe('seo.title_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['an error page without title (not judged: status 404)', makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/x', depth: 1, status: 404, title: '' })] })],
    ['a noindex page without title (kept out of search anyway)', makeBundle({ pages: [makePage({ title: '', dom: makeDom({ meta: [{ name: 'robots', property: null, http_equiv: null, content: 'noindex' }] }) })] })],
    ['a PDF answering 200', makeBundle({ pages: [makePage({ title: '', headers: { 'content-type': 'application/pdf' } })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists every page without a title in one warning', () => {
    const pages = [makePage({ title: '' }), makePage({ url: 'https://example.com/b', depth: 1, title: '   ' }), makePage({ url: 'https://example.com/c', depth: 1, title: 'C' })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 pages without a <title>' });
    expect(f!.evidence).toMatchObject({ pages_total: 2, pages: [{ url: 'https://example.com/' }, { url: 'https://example.com/b' }] });
  });

  it('names the page in the locator when only one page is affected', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/b', depth: 1, title: null })] }));
    expect(f!.evidence!.locator).toBe('seo.title_missing · /b · 2026-01-01T00:00:00.000Z');
  });

  it('reports pages titled with a placeholder a tool wrote (an editor\'s "Document", a starter\'s "React App", a file name)', () => {
    const pages = [makePage({ title: 'index' }), makePage({ url: 'https://example.com/b', depth: 1, title: 'Document' }), makePage({ url: 'https://example.com/c', depth: 1, title: 'Indexing in Postgres' }), makePage({ url: 'https://example.com/d', depth: 1, title: 'React App' }),
      makePage({ url: 'https://example.com/e', depth: 1, title: '· Congo' }), makePage({ url: 'https://example.com/f', depth: 1, title: 'Markdown page example' }), makePage({ url: 'https://example.com/g', depth: 1, title: 'Pricing · Congo' })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '5 pages titled with a placeholder (“index”)' });
    expect(f!.evidence).toMatchObject({ pages_total: 5 });
  });
});
