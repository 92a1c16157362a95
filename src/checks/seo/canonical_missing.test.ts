import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './canonical_missing.js';

describe('seo.canonical_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a canonical given only in the Link header', makeBundle({ pages: [makePage({ headers: { 'content-type': 'text/html', link: '<https://example.com/>; rel="canonical"' } })] })],
    ['a noindex page', makeBundle({ pages: [makePage({ dom: makeDom({ meta: [{ name: 'robots', property: null, http_equiv: null, content: 'noindex,follow' }] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('notes pages without a canonical as info (never grade-moving)', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/b', depth: 1, dom: makeDom({ canonical: ['https://example.com/b'] }) })] }));
    expect(f).toMatchObject({ severity: 'info', title: '1 page without a canonical URL' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/' }], pages_total: 1 });
  });
});
