import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './noindex.js';

const robotsMeta = (name: string, content: string) => makeDom({ meta: [{ name, property: null, http_equiv: null, content }] });
const header = (value: string) => ({ 'content-type': 'text/html', 'x-robots-tag': value });

describe('seo.noindex', () => {
  const valid = [
    ['a realistic healthy site (index,follow and max-image-preview directives)', realisticSite()],
    ['nofollow alone', makeBundle({ pages: [makePage({ dom: robotsMeta('robots', 'nofollow') })] })],
    ['noindex aimed at another crawler (meta)', makeBundle({ pages: [makePage({ dom: robotsMeta('bingbot', 'noindex') })] })],
    ['noindex aimed at another crawler (header)', makeBundle({ pages: [makePage({ headers: header('otherbot: noindex, nofollow') })] })],
    ['an unavailable_after date in the header', makeBundle({ pages: [makePage({ headers: header('unavailable_after: Friday, 25-Jun-2010 15:00:00 PST') })] })],
    ['noindex on a 404 page', makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/x', depth: 1, status: 404, headers: header('noindex') })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags noindex on the start page as critical, case-insensitively (Lighthouse fixture case)', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [makePage({ dom: robotsMeta('RoBots', 'nofollow, NOINDEX, all') })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical', title: 'The start page is marked noindex' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/', source: 'meta', value: 'robots: nofollow, NOINDEX, all' }] });
  });

  it('reads X-Robots-Tag, including "none" and a googlebot scope', () => {
    for (const value of ['none', 'googlebot: noindex', 'bingbot: nofollow\ngooglebot: noindex', 'max-snippet: 50, noindex']) {
      const [f] = findingsOf(check, makeBundle({ pages: [makePage({ headers: header(value) })] }));
      expect(f?.evidence).toMatchObject({ pages: [{ source: 'x-robots-tag', value }] });
    }
  });

  it('warns for inner pages the site links to, notes utility pages as info unless the sitemap lists them', () => {
    const pages = [
      makePage(),
      makePage({ url: 'https://example.com/locations', depth: 1, region: 'footer', dom: robotsMeta('robots', 'noindex, follow') }),
      makePage({ url: 'https://example.com/search?q=spade', depth: 1, region: 'nav', dom: robotsMeta('googlebot', 'noindex') }),
      makePage({ url: 'https://example.com/privacy', depth: 1, region: 'footer', dom: robotsMeta('robots', 'noindex') }),
      makePage({ url: 'https://example.com/terms', depth: 1, region: 'sitemap', dom: robotsMeta('robots', 'noindex') }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings.map((f) => [f.severity, (f.evidence!.pages as { url: string }[]).map((p) => p.url)])).toEqual([
      ['warning', ['https://example.com/locations', 'https://example.com/terms']],
      ['info', ['https://example.com/search?q=spade', 'https://example.com/privacy']],
    ]);
  });

  it.each([
    ['mdBook\'s whole book on one page', 'https://example.com/book/print.html'],
    ['Hugo Docsy\'s section printout', 'https://example.com/docs/_print/'],
    ['a search page as a file', 'https://example.com/search.html'],
  ])('takes %s for a utility page (info)', (_name, url) => {
    const pages = [makePage(), makePage({ url, final_url: url, depth: 1, region: 'nav', dom: robotsMeta('robots', 'noindex') })];
    expect(findingsOf(check, makeBundle({ pages })).map((f) => f.severity)).toEqual(['info']);
  });

  it('still warns for a page merely named like one (blueprint.html, /printing/)', () => {
    for (const url of ['https://example.com/blueprint.html', 'https://example.com/printing/']) {
      const pages = [makePage(), makePage({ url, final_url: url, depth: 1, region: 'nav', dom: robotsMeta('robots', 'noindex') })];
      expect(findingsOf(check, makeBundle({ pages })).map((f) => f.severity)).toEqual(['warning']);
    }
  });

  it('takes an HTML sitemap and a utility page\'s language version for utility pages (info)', () => {
    const noindexed = (path: string, hreflang: { lang: string; href: string }[] = []) => makePage({ url: `https://example.com${path}`, final_url: `https://example.com${path}`, depth: 1, dom: makeDom({ hreflang, meta: [{ name: 'robots', property: null, http_equiv: null, content: 'noindex' }] }) });
    const findings = findingsOf(check, makeBundle({ pages: [makePage(), noindexed('/sitemap.html'), noindexed('/ar/footer/shurut.html', [{ lang: 'en', href: 'https://example.com/footer/imprint.html' }])] }));
    expect(findings.map((f) => f.severity)).toEqual(['info']);
    expect(findings[0]!.evidence).toMatchObject({ pages_total: 2 });
  });
});
