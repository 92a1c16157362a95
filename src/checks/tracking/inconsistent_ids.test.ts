import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './inconsistent_ids.js';
import { SITE, ga4Hit, gtag, gtm, metaHit, page } from './test-fixtures.js';

describe('tracking.inconsistent_ids', () => {
  const tagged = (p: string, id = 'G-ABC123') => page(p, [gtm(), gtag(id), ga4Hit(`${SITE}${p}`, { id })]);
  const valid = [
    ['one property everywhere', [tagged('/'), tagged('/a'), tagged('/b')]],
    ['a page with the tag but no id-bearing request is not a different id', [tagged('/'), page('/a', [], { globals: ['gtag'] })]],
    ['an embedded widget reporting to its own property about its own page', [tagged('/'), page('/a', [gtm(), gtag(), ga4Hit(`${SITE}/a`), ga4Hit('https://widget.example.net/embed', { id: 'G-WIDGET1' })])]],
  ] as const;
  it.each(valid)('passes: %s', (_name, pages) => {
    expect(findingsOf(check, makeBundle({ pages: [...pages] }))).toEqual([]);
  });

  it('warns when pages report to different GA4 properties, listing each variant with its pages', () => {
    const fs = findingsOf(check, makeBundle({ pages: [tagged('/'), tagged('/a'), tagged('/blog', 'G-BLOG999')] }));
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ severity: 'warning' });
    expect(fs[0]!.evidence).toMatchObject({
      vendor: 'ga4', ids: ['G-ABC123', 'G-BLOG999'],
      variants: [{ ids: ['G-ABC123'], page_count: 2 }, { ids: ['G-BLOG999'], pages: [`${SITE}/blog`] }],
    });
  });

  it('warns when one GTM container differs on some pages', () => {
    const fs = findingsOf(check, makeBundle({ pages: [page('/', [gtm('GTM-AAAA11')]), page('/a', [gtm('GTM-BBBB22')])] }));
    expect(fs.map((f) => [f.evidence!.vendor, f.severity])).toEqual([['gtm', 'warning']]);
  });

  it('only informs when every page reports to the same two properties (often intentional)', () => {
    const two = (p: string) => page(p, [ga4Hit(`${SITE}${p}`, { id: 'G-ONE111' }), ga4Hit(`${SITE}${p}`, { id: 'G-TWO222' }), metaHit(`${SITE}${p}`)]);
    const fs = findingsOf(check, makeBundle({ pages: [two('/'), two('/a')] }));
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ severity: 'info', title: 'Google Analytics 4 reports to 2 IDs on every page (G-ONE111, G-TWO222)' });
  });
});
