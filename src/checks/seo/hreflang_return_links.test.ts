import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './hreflang_return_links.js';

const EN = 'https://example.com/';
const DE = 'https://example.com/de/';
const page = (url: string, hreflang: { lang: string; href: string }[], over: Parameters<typeof makePage>[0] = {}) =>
  makePage({ url, depth: url === EN ? 0 : 1, title: url, dom: makeDom({ hreflang }), ...over });

describe('seo.hreflang_return_links', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['pages without hreflang', makeBundle({ pages: [page(EN, [])] })],
    ['a pair that lists itself and each other', makeBundle({ pages: [page(EN, [{ lang: 'en', href: EN }, { lang: 'de', href: DE }]), page(DE, [{ lang: 'en', href: EN }, { lang: 'de', href: DE }])] })],
    ['an alternate that was not crawled (cannot be judged)', makeBundle({ pages: [page(EN, [{ lang: 'en', href: EN }, { lang: 'fr', href: 'https://example.com/fr/' }])] })],
    [
      'a self-reference through the canonical URL',
      makeBundle({ pages: [page('https://example.com/?ref=nav', [{ lang: 'en', href: EN }], { dom: makeDom({ canonical: [EN], hreflang: [{ lang: 'en', href: EN }] }) })] }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a set that does not list the page itself', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [page(EN, [{ lang: 'de', href: DE }])] }));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: EN, problem: 'the hreflang set does not list the page itself' }] });
  });

  it('flags a crawled alternate that does not link back', () => {
    const pages = [page(EN, [{ lang: 'en', href: EN }, { lang: 'de', href: DE }]), page(DE, [{ lang: 'de', href: DE }])];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.evidence).toMatchObject({ pages_total: 1, pages: [{ url: EN, alternate: DE, problem: `${DE} does not link back with hreflang` }] });
  });
});
