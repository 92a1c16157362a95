import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './missing_h1.js';

describe('seo.missing_h1', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['an h1 whose content is a logo image (its alt text, as the capture reads it)', makeBundle({ pages: [makePage({ dom: makeDom({ headings: [{ level: 1, text: 'Harbour bakery' }] }) })] })],
    ['an error page without h1 (not judged)', makeBundle({ pages: [makePage({ dom: makeDom({ headings: [{ level: 1, text: 'Home' }] }) }), makePage({ url: 'https://example.com/x', depth: 1, status: 500 })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists pages without an h1 in one warning, naming their first heading', () => {
    const pages = [makePage({ dom: makeDom({ headings: [{ level: 2, text: 'Welcome' }] }) }), makePage({ url: 'https://example.com/b', depth: 1 })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 pages without an <h1>' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/', first_heading: 'h2: Welcome' }, { url: 'https://example.com/b', first_heading: null }] });
  });

  it('counts an empty <h1> (a theme\'s title slot left blank) as none, and says it is there', () => {
    const pages = [makePage({ url: 'https://example.com/tags/', dom: makeDom({ headings: [{ level: 1, text: '' }, { level: 2, text: 'Tags' }] }) })];
    expect(findingsOf(check, makeBundle({ pages }))[0]!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/tags/', first_heading: 'h2: Tags', empty_h1: true }] });
  });
});
