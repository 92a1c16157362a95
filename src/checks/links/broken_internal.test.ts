import { describe, expect, it } from 'vitest';
import type { UrlCheck } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './broken_internal.js';

const link = (over: Partial<UrlCheck>): UrlCheck => ({
  url: 'https://example.com/pricing', status: 200, method: 'HEAD', error: null, final_url: 'https://example.com/pricing', found_on: ['https://example.com/'], ...over,
});
const withLinks = (...link_checks: UrlCheck[]) => makeBundle({ site: { ...makeBundle().site, link_checks } });

describe('links.broken_internal', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['links that answer 200 or redirect to a 200', withLinks(link({}), link({ url: 'https://example.com/old', final_url: 'https://example.com/new' }))],
    ['a link refused by our URL guard', withLinks(link({ status: null, error: 'refused http://intranet.example.com/: resolves to 10.0.0.1, a private address' }))],
    ['a redirect loop (http.redirect_loop reports it)', withLinks(link({ status: null, error: 'too many redirects (more than 5)' }))],
    ['a 429 answer to our own pace', withLinks(link({ status: 429 }))],
    ['a HEAD-only 405 (no GET answer says it is gone)', withLinks(link({ status: 405 }))],
    [
      'a crawled page answering 500 (http.error_status reports server errors)',
      makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/boom', depth: 1, found_on: 'https://example.com/', region: 'body', status: 500 })] }),
    ],
    ['a 403 our guard proxy answered for a crawled page', makeBundle({ pages: [makePage(), makePage({ url: 'http://intranet.example.com/', depth: 1, found_on: 'https://example.com/', status: 403, headers: { 'x-siteqa-blocked': 'private' } })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a 404 link as a warning on the page that carries it', () => {
    const [f, ...rest] = findingsOf(check, withLinks(link({ status: 404, method: 'GET', found_on: ['https://example.com/', 'https://example.com/b'] })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Link to /pricing is broken (404)' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/pricing', status: 404, pages: ['https://example.com/', 'https://example.com/b'], pages_total: 2 });
    expect(f!.evidence!.locator).toBe('links.broken_internal · / · 2026-01-01T00:00:00.000Z');
  });

  it('reports a crawled page that answered 404 once, even when the link checker saw it too', () => {
    const gone = makePage({ url: 'https://example.com/gone', depth: 1, found_on: 'https://example.com/', region: 'body', status: 404 });
    const bundle = makeBundle({ pages: [makePage(), gone], site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/gone', status: 404 })] } });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Link to /gone is broken (404)' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/gone', status: 404, observed_by: 'crawl', pages: ['https://example.com/'], pages_total: 1 });
  });

  const linking = (url: string, ...hrefs: string[]) =>
    makePage({ url, final_url: url, depth: 1, found_on: 'https://example.com/', dom: makeDom({ links: hrefs.map((href) => ({ href, text: 'x', rel: null, region: 'nav' as const, nofollow: false })) }) });

  it('files one finding per broken target, listing every page that links to it (a nav link on 30 pages is one fix)', () => {
    const gone = makePage({ url: 'https://example.com/old-guide/', final_url: 'https://example.com/old-guide/', depth: 1, found_on: 'https://example.com/p0', region: 'nav', status: 404 });
    const pages = Array.from({ length: 30 }, (_, i) => linking(`https://example.com/p${i}`, 'https://example.com/old-guide/', 'https://example.com/missing'));
    const bundle = makeBundle({
      pages: [makePage(), ...pages, gone],
      site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/missing', status: 404, method: 'GET', found_on: pages.slice(0, 10).map((p) => p.url) })] },
    });
    const findings = findingsOf(check, bundle);
    expect(findings.map((f) => [f.title, f.evidence!.pages_total, (f.evidence!.pages as string[]).length, f.evidence!.page])).toEqual([
      ['Link to /old-guide/ is broken (404)', 30, 20, 'https://example.com/p0'],
      ['Link to /missing is broken (404)', 30, 20, 'https://example.com/p0'],
    ]);
  });

  it('does not list the error page itself, or its template\'s links, as pages that carry the broken link (a VitePress 404 page\'s "skip to content" link)', () => {
    const source = linking('https://example.com/changelog/dart', 'https://example.com/ko/changelog/dart');
    const gone = { ...linking('https://example.com/ko/changelog/dart', 'https://example.com/ko/changelog/dart#VPContent', 'https://example.com/ko/changelog/python'), found_on: source.url, status: 404 };
    const other = linking('https://example.com/changelog/python', 'https://example.com/ko/changelog/python');
    const python = { ...linking('https://example.com/ko/changelog/python'), found_on: other.url, status: 404 };
    const findings = findingsOf(check, makeBundle({ pages: [makePage(), source, other, gone, python] }));
    expect(findings.map((f) => [f.title, f.evidence!.pages])).toEqual([
      ['Link to /ko/changelog/dart is broken (404)', ['https://example.com/changelog/dart']],
      ['Link to /ko/changelog/python is broken (404)', ['https://example.com/changelog/python']],
    ]);
  });

  it('on a local copy, notes as info a missing page reached only by a link to production, and lists the pages carrying production links (another project site under the same github.io host)', () => {
    const origin = 'http://127.0.0.1:48411';
    const prod = 'https://lab.github.io';
    const nav = (url: string, ...hrefs: string[]) => makePage({ url, final_url: url, depth: url === `${origin}/` ? 0 : 1, found_on: url === `${origin}/` ? null : `${origin}/`, dom: makeDom({ canonical: [url.replace(origin, prod)], links: hrefs.map((href) => ({ href, text: 'x', rel: null, region: 'body' as const, nofollow: false })) }) });
    const start = nav(`${origin}/`, `${prod}/virtual/`, `${origin}/old-news/`, `${prod}/publications/`);
    const pubs = nav(`${origin}/publications/`, `${prod}/virtual/`);
    // The copy answers the missing path with the site's 404 page, whose "skip to content" link names its own address.
    const virtual = { ...nav(`${origin}/virtual/`, `${origin}/virtual/#main`), status: 404 };
    const oldNews = { ...nav(`${origin}/old-news/`), status: 404, dom: makeDom() };
    const bundle = makeBundle({ pages: [start, pubs, virtual, oldNews], site: { ...makeBundle().site, origin } });
    const byUrl = new Map(findingsOf(check, bundle).map((f) => [f.evidence!.url, f]));
    expect(byUrl.get(`${origin}/virtual/`)).toMatchObject({ severity: 'info', title: 'Link to lab.github.io/virtual/ has no page in this local copy (404); not checked on lab.github.io', evidence: { linked_as: '//lab.github.io/virtual/', local_copy_of: 'lab.github.io', severity_on_copy: 'warning', pages: [`${origin}/`, `${origin}/publications/`] } });
    // The copy's own link to a missing page is broken wherever it is served.
    expect(byUrl.get(`${origin}/old-news/`)).toMatchObject({ severity: 'warning', title: 'Link to /old-news/ is broken (404)' });
    // On a host of the site's own (a Hugo copy whose links all name www.acme-tools.com), a page the copy lacks is missing there too.
    const own = (b: typeof bundle) => JSON.parse(JSON.stringify(b).replaceAll('https://lab.github.io', 'https://www.acme-tools.com')) as typeof bundle;
    const onOwnHost = new Map(findingsOf(check, own(bundle)).map((f) => [f.evidence!.url, f]));
    expect(onOwnHost.get(`${origin}/virtual/`)).toMatchObject({ severity: 'warning', title: 'Link to /virtual/ is broken (404)', evidence: { pages: [`${origin}/`, `${origin}/publications/`] } });
  });

  it('does not follow an error page\'s own links: its template\'s relative links under a missing address are no broken links of the site (Starlight 404 page)', () => {
    const install = linking('https://example.com/install/', 'https://example.com/install/helm/');
    const helm = { ...linking('https://example.com/install/helm/', 'https://example.com/install/helm/install/'), found_on: install.url, status: 404 };
    const cascade = makePage({ url: 'https://example.com/install/helm/install/', depth: 3, found_on: helm.url, region: 'body', status: 404 });
    const bundle = makeBundle({
      pages: [makePage(), install, helm, cascade],
      site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/install/helm/tutorial/', status: 404, method: 'GET', found_on: [helm.url] })] },
    });
    expect(findingsOf(check, bundle).map((f) => f.title)).toEqual(['Link to /install/helm/ is broken (404)']);
  });

  it('files a page-relative href that is broken from every page as one finding (a template\'s href="undefined" on 17 pages)', () => {
    const withRaw = (url: string, raw: string) => makePage({ url, final_url: url, depth: 1, found_on: 'https://example.com/', dom: makeDom({ links: [{ href: new URL(raw, url).href, raw_href: raw, text: 'View the official website', rel: null, region: 'body' as const, nofollow: false }] }) });
    const sources = ['https://example.com/', 'https://example.com/club/', 'https://example.com/2024/05/match/'].map((u) => withRaw(u, 'undefined'));
    const gone = (url: string, from: string) => makePage({ url, final_url: url, depth: 2, found_on: from, region: 'body', status: 404 });
    const bundle = makeBundle({
      pages: [...sources, gone('https://example.com/undefined', 'https://example.com/'), gone('https://example.com/club/undefined', 'https://example.com/club/')],
      site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/2024/05/match/undefined', status: 404, method: 'GET', found_on: ['https://example.com/2024/05/match/'] })] },
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Relative link "undefined" is broken on 3 pages (404)' });
    expect(f!.evidence).toMatchObject({ href: 'undefined', targets_total: 3, pages_total: 3 });
    // One page-relative link broken from one page only is an ordinary broken link…
    const contact = withRaw('https://example.com/club/', 'contact');
    const single = findingsOf(check, makeBundle({ pages: [contact, gone('https://example.com/club/contact', 'https://example.com/club/')] }));
    expect(single.map((x) => x.title)).toEqual(['Link to /club/contact is broken (404)']);
    // …but a script's value written as an href, checked from one page (the crawl checks a few), is the
    // template's defect on every page that carries it.
    const capped = findingsOf(check, makeBundle({ pages: [...sources, gone('https://example.com/club/undefined', 'https://example.com/club/')] }));
    expect(capped).toMatchObject([{ title: 'Relative link "undefined" is broken on 3 pages (404)', evidence: { targets_total: 1, pages_total: 3 } }]);
  });

  it('treats the spellings of one address (trailing slash, index file, fragment, tracking parameters) as one target', () => {
    const bundle = withLinks(
      link({ url: 'https://example.com/docs/setup', status: 404, method: 'GET', found_on: ['https://example.com/a'] }),
      link({ url: 'https://example.com/docs/setup/', status: 404, method: 'GET', found_on: ['https://example.com/b'] }),
      link({ url: 'https://example.com/docs/setup/index.html?utm_source=nav', status: 404, method: 'GET', found_on: ['https://example.com/c', 'https://example.com/a'] }),
      link({ url: 'https://example.com/docs/other', status: 404, method: 'GET', found_on: ['https://example.com/a'] }),
    );
    const findings = findingsOf(check, bundle);
    expect(findings.map((f) => [f.title, f.evidence!.pages])).toEqual([
      ['Link to /docs/setup is broken (404)', ['https://example.com/a', 'https://example.com/b', 'https://example.com/c']],
      ['Link to /docs/other is broken (404)', ['https://example.com/a']],
    ]);
  });

  it('lists only the links spelled the broken way when the server answers another spelling of the address', () => {
    const pages = [linking('https://example.com/a', 'https://example.com/guide/'), linking('https://example.com/b', 'https://example.com/guide'), linking('https://example.com/c', 'https://example.com/guide#top')];
    const bundle = makeBundle({
      pages: [makePage(), ...pages],
      site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/guide/', status: 200, found_on: ['https://example.com/a'] }), link({ url: 'https://example.com/guide', status: 404, method: 'GET', found_on: ['https://example.com/b'] })] },
    });
    expect(findingsOf(check, bundle).map((f) => [f.title, f.evidence!.pages])).toEqual([['Link to /guide is broken (404)', ['https://example.com/b', 'https://example.com/c']]]);
  });

  it('keeps a broken target\'s fingerprint whichever page the crawl reached it from first', () => {
    const run = (first: string) => findingsOf(check, withLinks(link({ status: 404, method: 'GET', found_on: [first, 'https://example.com/z'] })))[0]!;
    const a = run('https://example.com/a');
    const b = run('https://example.com/b');
    expect(a.evidence!.page).not.toBe(b.evidence!.page);
    expect(a.fingerprint).toBe(b.fingerprint);
    const other = findingsOf(check, withLinks(link({ url: 'https://example.com/contact', status: 404, method: 'GET' })))[0]!;
    expect(other.fingerprint).not.toBe(a.fingerprint);
  });

  it('gives targets that differ only by a number their own fingerprints, and keeps one target\'s when its status changes', () => {
    const one = (url: string, status: number) => findingsOf(check, withLinks(link({ url, status, method: 'GET' })))[0]!.fingerprint;
    expect(one('https://example.com/post/2', 404)).not.toBe(one('https://example.com/post/3', 404));
    expect(one('https://example.com/post/2', 404)).toBe(one('https://example.com/post/2', 500));
  });

  it('names the host of a broken target on another host of the site', () => {
    const [f] = findingsOf(check, withLinks(link({ url: 'https://shop.example.com/cart', status: 404, method: 'GET' })));
    expect(f!.title).toBe('Link to shop.example.com/cart is broken (404)');
  });

  it('rates by certainty: 5xx, connection failures and full timeouts warn; 401/403 and deadline-cut timeouts are info', () => {
    const findings = findingsOf(
      check,
      withLinks(
        link({ url: 'https://example.com/a', status: 500 }),
        link({ url: 'https://example.com/b', status: null, error: 'connect ECONNREFUSED 93.184.216.34:443' }),
        link({ url: 'https://example.com/c', status: 403, method: 'GET' }),
        link({ url: 'https://example.com/d', status: null, error: 'timed out after 2446 ms' }),
        link({ url: 'https://example.com/e', status: null, error: 'timed out after 5000 ms' }),
      ),
    );
    expect(findings.map((f) => [f.evidence!.url, f.severity])).toEqual([
      ['https://example.com/a', 'warning'],
      ['https://example.com/b', 'warning'],
      ['https://example.com/c', 'info'],
      ['https://example.com/d', 'info'],
      ['https://example.com/e', 'warning'],
    ]);
  });

  it("reports links into one folder of one kind, broken the same way on the same pages, as one finding (a book's links to its .md sources)", () => {
    const on = ['https://example.com/test.html'];
    const sources = Array.from({ length: 14 }, (_, i) => link({ url: `https://example.com/test/${String(i + 1).padStart(2, '0')}-part.md`, status: 404, method: 'GET', found_on: on }));
    const findings = findingsOf(check, withLinks(...sources, link({ url: 'https://example.com/about/', status: 404, method: 'GET', found_on: on })));
    expect(findings.map((f) => f.title)).toEqual(['14 links to /test/*.md are broken (404) on 1 page', 'Link to /about/ is broken (404)']);
    expect(findings[0]!.evidence).toMatchObject({ targets_total: 14, pages: on });
    // Two such links stay two findings; the same folder linked from other pages is another list.
    const two = findingsOf(check, withLinks(...sources.slice(0, 2)));
    expect(two).toHaveLength(2);
  });

  it("keeps a broken link's fingerprint when the site is served on another port (a copy audited again)", () => {
    const at = (origin: string) => findingsOf(check, makeBundle({
      pages: [makePage({ url: `${origin}/`, final_url: `${origin}/` })],
      site: { ...makeBundle().site, origin, link_checks: [link({ url: `${origin}/gone`, status: 404, method: 'GET', found_on: [`${origin}/`] })] },
    }))[0]!.fingerprint;
    expect(at('http://127.0.0.1:4350')).toBe(at('http://127.0.0.1:4310'));
  });

  it('keeps broken links at the site\'s root apart, and a target on another host apart from the same path here', () => {
    const on = ['https://example.com/'];
    const root = ['/pricing', '/team', '/careers'].map((p) => link({ url: `https://example.com${p}`, status: 404, method: 'GET', found_on: on }));
    expect(findingsOf(check, withLinks(...root))).toHaveLength(3);
    const fp = (url: string) => findingsOf(check, withLinks(link({ url, status: 404, method: 'GET', found_on: on })))[0]!.fingerprint;
    expect(fp('https://docs.example.com/gone')).not.toBe(fp('https://example.com/gone'));
  });
});
