import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './missing_on_pages.js';
import { SITE, ga4Hit, gtag, gtm, page, script } from './test-fixtures.js';

describe('tracking.missing_on_pages', () => {
  const tagged = (path: string) => page(path, [gtm(), gtag(), ga4Hit(`${SITE}${path}`)]);
  const valid = [
    ['every page tagged', [tagged('/'), tagged('/a'), tagged('/b'), tagged('/c')]],
    ['too few pages to compare', [tagged('/'), page('/a', [])]],
    ['a vendor on a minority of pages is not "most pages"', [page('/', [gtag()]), page('/a', []), page('/b', []), page('/c', [])]],
    ['untagged pages that are errors, PDFs or off-site redirects are not expected to carry tags', [
      tagged('/'), tagged('/a'), tagged('/b'),
      page('/gone', [], { status: 404 }),
      page('/doc.pdf', [], { headers: { 'content-type': 'application/pdf' } }),
      page('/out', [], { final_url: 'https://other.example.org/' }),
    ]],
    ['consent-gated site: no page shows the tag before consent', [page('/', []), page('/a', []), page('/b', [])]],
  ] as const;
  it.each(valid)('passes: %s', (_name, pages) => {
    expect(findingsOf(check, makeBundle({ pages: [...pages] }))).toEqual([]);
  });

  it('flags pages missing the tag that most pages carry, as one finding for GTM and the GA4 it loads', () => {
    const pages = [tagged('/'), tagged('/a'), tagged('/b'), tagged('/c'), page('/landing', [], { depth: 1 })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Google Tag Manager and Google Analytics 4 missing on 1 of 5 pages' });
    expect(f!.evidence).toMatchObject({ vendors: ['gtm', 'ga4'], html_pages: 5, present_on: 4, missing_on: [`${SITE}/landing`], page: `${SITE}/landing` });
  });

  it('reports vendors missing on different pages separately', () => {
    const both = (p: string) => page(p, [gtag(), ga4Hit(`${SITE}${p}`), script('https://static.hotjar.com/c/hotjar-1234567.js?sv=6')]);
    const pages = [both('/'), both('/a'), both('/b'), page('/x', [script('https://static.hotjar.com/c/hotjar-1234567.js?sv=6')]), page('/y', [gtag()])];
    const fs = findingsOf(check, makeBundle({ pages }));
    expect(fs.map((f) => [f.evidence!.vendors, f.evidence!.missing_on])).toEqual([
      [['ga4'], [`${SITE}/x`]],
      [['hotjar'], [`${SITE}/y`]],
    ]);
  });
});
