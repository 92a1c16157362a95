import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './canonical_conflict.js';

describe('seo.canonical_conflict', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['one canonical in two spellings (trailing slash, index file, host case)', makeBundle({
      pages: [makePage({ url: 'https://example.com/docs/', headers: { 'content-type': 'text/html', link: '<https://EXAMPLE.com/docs/index.html>; rel=canonical' }, dom: makeDom({ canonical: ['https://example.com/docs'] }) })],
    })],
    ['the same canonical twice (HTML and header, relative and absolute)', makeBundle({
      pages: [makePage({ url: 'https://example.com/a', headers: { 'content-type': 'text/html', link: '<https://example.com/a>; rel=canonical' }, dom: makeDom({ canonical: ['https://example.com/a', '/a'] }) })],
    })],
    [
      'a second canonical in <body>, which Google ignores',
      makeBundle({
        pages: [
          makePage({
            html: { content: '<html><head><link rel="canonical" href="/"></head><body><div></div><link rel="canonical" href="/other"></body></html>', bytes: 100, truncated: false },
            dom: makeDom({ canonical: ['https://example.com/', 'https://example.com/other'] }),
          }),
        ],
      }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags two different canonicals in HTML', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ canonical: ['https://example.com/', 'https://example.com/home'] }) })] }));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/', canonicals: ['https://example.com/', 'https://example.com/home'] }] });
  });

  it('flags an HTML canonical that contradicts the Link header (Lighthouse fixture case)', () => {
    const page = makePage({
      headers: { 'content-type': 'text/html', link: '<https://example.com/>; rel="canonical", <https://cdn.example.com/style.css>; rel=preload' },
      dom: makeDom({ canonical: ['https://example.com/other'] }),
    });
    const [f] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(f!.evidence).toMatchObject({ pages: [{ canonicals: ['https://example.com/other', 'https://example.com/'] }] });
  });
});
