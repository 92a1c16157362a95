import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './title_duplicate.js';

const at = (path: string, title: string, over: Parameters<typeof makePage>[0] = {}) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, title, ...over });

describe('seo.title_duplicate', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['distinct titles', makeBundle({ pages: [at('/', 'Home | Acme'), at('/a', 'About | Acme')] })],
    ['two URLs redirecting to one page', makeBundle({ pages: [at('/', 'Home'), at('/index.html', 'Home', { final_url: 'https://example.com/' })] })],
    ['a paginated page canonicalized to the first page', makeBundle({ pages: [at('/blog', 'Blog'), at('/blog?page=2', 'Blog', { dom: makeDom({ canonical: ['https://example.com/blog'] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists each group of pages sharing a title (case and spacing ignored) in one finding', () => {
    const pages = [at('/', 'Acme'), at('/a', 'ACME '), at('/b', 'Acme'), at('/c', 'Contact'), at('/d', 'Contact'), at('/e', 'Unique')];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '5 pages share 2 title(s)' });
    expect(f!.evidence).toMatchObject({
      groups_total: 2,
      groups: [
        { value: 'Acme', pages_total: 3, pages: ['https://example.com/', 'https://example.com/a', 'https://example.com/b'] },
        { value: 'Contact', pages_total: 2 },
      ],
    });
  });
});
