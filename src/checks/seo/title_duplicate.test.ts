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
    ['/ and /index.html answering the same page', makeBundle({ pages: [at('/', 'Home'), at('/index.html', 'Home')] })],
    ['/docs and /docs/, upper-case host, default port', makeBundle({ pages: [at('/docs', 'Docs'), at('/docs/', 'Docs', { final_url: 'https://EXAMPLE.com:443/docs/' })] })],
    ['a tracking-parameter variant', makeBundle({ pages: [at('/a', 'A'), at('/a?utm_source=news&ref=x', 'A')] })],
    ['query-string variants the page generates itself', makeBundle({ pages: [at('/shop', 'Shop'), at('/shop?sort=price', 'Shop', { found_on: 'https://example.com/shop' }), at('/shop?view=grid', 'Shop', { found_on: 'https://example.com/shop?sort=price' })] })],
    ['a page whose canonical names another address of the same page', makeBundle({ pages: [at('/guide', 'Guide'), at('/guide/print', 'Guide', { dom: makeDom({ canonical: ['https://example.com/guide/'] }) })] })],
    ['placeholder titles, which seo.title_missing reports (a Hexo theme\'s empty title part, an editor\'s default)', makeBundle({ pages: [at('/config.html', " | Arthur's Blog"), at('/404.html', " | Arthur's Blog"), at('/a', 'Document'), at('/b', 'Document'), at('/c', '{{ page.title }}'), at('/d', '{{ page.title }}')] })],
    ['a paginated page canonicalized to the first page', makeBundle({ pages: [at('/blog', 'Blog'), at('/blog?page=2', 'Blog', { dom: makeDom({ canonical: ['https://example.com/blog'] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('counts the language versions of one page once (hreflang, shaped like a Hugo site in German and English)', () => {
    const alt = (lang: string, href: string) => ({ lang, href, raw_href: href });
    const de = (path: string, title: string, en: string) => at(path, title, { dom: makeDom({ lang: 'de', hreflang: [alt('en', `https://example.com${en}`)] }) });
    const en = (path: string, title: string, de: string) => at(path, title, { dom: makeDom({ hreflang: [alt('de', `https://example.com${de}`)] }) });
    const site = [
      de('/labathome.de/', 'Welcome | Lab@Home', '/labathome.de/en/'), en('/labathome.de/en/', 'Welcome | Lab@Home', '/labathome.de/'),
      // Named one way only (the English page does not name the German one back): still one page in two languages.
      de('/labathome.de/maschinenbau/deckel_fp1/', 'Deckel FP1 | Lab@Home', '/labathome.de/en/mechanical-engineering/deckel-fp1/'),
      at('/labathome.de/en/mechanical-engineering/deckel-fp1/', 'Deckel FP1 | Lab@Home'),
    ];
    expect(findingsOf(check, makeBundle({ pages: site }))).toEqual([]);
    // Two different pages sharing a title still count, beside their language versions.
    const [f] = findingsOf(check, makeBundle({ pages: [...site, at('/labathome.de/about/', 'Welcome | Lab@Home')] }));
    expect(f).toMatchObject({ title: '2 pages share 1 title(s)' });
    expect(f!.evidence).toMatchObject({ groups: [{ pages: ['https://example.com/labathome.de/en/', 'https://example.com/labathome.de/about/'] }] });
  });

  it('counts pages in different languages (their <html lang>) apart, hreflang or not (a theme\'s translated home pages titled with its name)', () => {
    const home = (path: string, lang: string) => at(path, 'Congo', { dom: makeDom({ lang }) });
    expect(findingsOf(check, makeBundle({ pages: [home('/congo/', 'en-AU'), home('/congo/ja/', 'ja'), home('/congo/zh-hans/', 'zh-Hans'), home('/congo/de/', 'de-DE')] }))).toEqual([]);
    const [f] = findingsOf(check, makeBundle({ pages: [home('/congo/', 'en-AU'), home('/congo/ja/', 'ja'), home('/congo/samples/', 'en-AU')] }));
    expect(f).toMatchObject({ title: '2 pages share 1 title(s)' });
  });

  it('counts language versions declared in the sitemap or a Link header once (shaped like a VitePress site in English and Korean)', () => {
    const sitemapOf = (host: string) => ({
      url: `${host}/sitemap.xml`, status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'default' as const,
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` +
        `<url><loc>${host}/reference/array/arrCompact</loc><xhtml:link rel="alternate" hreflang="en-US" href="${host}/reference/array/arrCompact"/><xhtml:link rel="alternate" hreflang="ko-KR" href="${host}/ko/reference/array/arrCompact"/></url>` +
        `<url><loc>${host}/ko/reference/array/arrCompact</loc><xhtml:link rel="alternate" hreflang="en-US" href="${host}/reference/array/arrCompact"/><xhtml:link rel="alternate" hreflang="ko-KR" href="${host}/ko/reference/array/arrCompact"/></url></urlset>`,
    });
    const pagesOn = (origin: string) => [at('/', 'QSU'), makePage({ url: `${origin}/reference/array/arrCompact`, depth: 1, title: 'arrCompact | QSU' }), makePage({ url: `${origin}/ko/reference/array/arrCompact`, depth: 1, title: 'arrCompact | QSU' })];
    const bundle = (origin: string, sitemapHost: string | null) => makeBundle({ pages: pagesOn(origin), site: { ...makeBundle().site, sitemaps: sitemapHost ? [sitemapOf(sitemapHost)] : [] } });
    expect(findingsOf(check, bundle('https://example.com', null))[0]).toMatchObject({ title: '2 pages share 1 title(s)' });
    expect(findingsOf(check, bundle('https://example.com', 'https://example.com'))).toEqual([]);
    // A local copy whose sitemap names production: matched by path.
    expect(findingsOf(check, bundle('http://127.0.0.1:4173', 'https://qsu.cdget.com'))).toEqual([]);
    // A sitemap of another site (not a copy relation: a public host naming another public host) proves nothing.
    expect(findingsOf(check, bundle('https://docs.othersite.org', 'https://qsu.cdget.com'))[0]).toMatchObject({ title: '2 pages share 1 title(s)' });
    // x-default names a fallback page, not a language version: four pages naming "/" as x-default are four pages.
    const xDefault = { ...sitemapOf('https://example.com'), body: `<urlset xmlns:xhtml="http://www.w3.org/1999/xhtml">${['/a', '/b', '/c', '/d'].map((p) => `<url><loc>https://example.com${p}</loc><xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/"/></url>`).join('')}</urlset>` };
    const four = makeBundle({ pages: ['/a', '/b', '/c', '/d'].map((p) => at(p, 'Acme')), site: { ...makeBundle().site, sitemaps: [xDefault] } });
    expect(findingsOf(check, four)[0]).toMatchObject({ title: '4 pages share 1 title(s)' });
    // HTTP Link header alternates (RFC 8288), as Google reads them for non-HTML and HTML alike.
    const linked = [at('/guide', 'Guide | Acme', { headers: { 'content-type': 'text/html', link: '<https://example.com/de/guide>; rel="alternate"; hreflang="de", <https://example.com/guide>; rel="canonical"' } }), at('/de/guide', 'Guide | Acme')];
    expect(findingsOf(check, makeBundle({ pages: linked }))).toEqual([]);
  });

  it('counts one document served at two addresses once (mdBook copies its first chapter to index.html), not two pages sharing text', () => {
    const chapter = { content: `<html><head><title>Introduction - http-cache</title></head><body>${'<p>chapter text</p>'.repeat(60)}</body></html>`, bytes: 1200, truncated: false };
    const copy = makeBundle({ pages: [at('/book/', 'Introduction - http-cache', { html: chapter }), at('/book/introduction.html', 'Introduction - http-cache', { html: { ...chapter } })] });
    expect(findingsOf(check, copy)).toEqual([]);
    // Two different documents that share a title are still reported.
    const other = { ...chapter, content: chapter.content.replace('chapter text', 'another chapter') };
    expect(findingsOf(check, makeBundle({ pages: [at('/book/', 'Introduction - http-cache', { html: chapter }), at('/book/setup.html', 'Introduction - http-cache', { html: other })] })).length).toBe(1);
  });

  it('still reports query-routed pages and query variants found elsewhere that share a title', () => {
    const pages = [at('/', 'Acme'), at('/?p=12', 'Acme', { found_on: 'https://example.com/' }), at('/search?q=a', 'Search'), at('/search?q=b', 'Search', { found_on: 'https://example.com/' })];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f).toMatchObject({ title: '4 pages share 2 title(s)' });
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

  it('notes the pages of one paginated list repeating the first page\'s title as info, apart from pages that share one (a Pelican blog)', () => {
    const pages = [at('/index.html', 'Posts'), at('/index2.html', 'Posts'), at('/index3.html', 'Posts'), at('/category/go.html', 'Go'), at('/category/go2.html', 'Go'), at('/about.html', 'About'), at('/now.html', 'About')];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['warning', '2 pages share 1 title(s)'],
      ['info', "2 paginated list(s) repeat their first page's title on 3 later page(s)"],
    ]);
    expect(findings[1]!.evidence).toMatchObject({ groups: [{ value: 'Posts', pages_total: 3, paginated: true }, { value: 'Go', pages_total: 2 }] });
  });
});
