import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './meta_description_duplicate.js';

const page = (path: string, description: string | null) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, title: path, dom: makeDom({ meta: description === null ? [] : [{ name: 'description', property: null, http_equiv: null, content: description }] }) });

describe('seo.meta_description_duplicate', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['pages without descriptions (seo.meta_description_missing reports them)', makeBundle({ pages: [page('/', null), page('/a', null)] })],
    ['distinct descriptions', makeBundle({ pages: [page('/', 'Home of Acme.'), page('/a', 'About Acme.')] })],
    ['/ and /index.html, /a and /a/?utm_source=x: one page each', makeBundle({ pages: [page('/', 'Home of Acme.'), page('/index.html', 'Home of Acme.'), page('/a', 'About.'), page('/a/?utm_source=x', 'About.')] })],
    ['a list and the sorted view it links to itself', makeBundle({ pages: [page('/shop', 'Our shop.'), { ...page('/shop?sort=price', 'Our shop.'), found_on: 'https://example.com/shop' }] })],
    ['a page and its English version naming each other by hreflang', makeBundle({ pages: [
      { ...page('/', 'Lab@Home: Jonathan Schilling’s website.'), dom: { ...page('/', 'Lab@Home: Jonathan Schilling’s website.').dom!, hreflang: [{ lang: 'en', href: 'https://example.com/en/' }] } },
      page('/en/', 'Lab@Home: Jonathan Schilling’s website.'),
    ] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports a description copied across pages as one warning listing the group', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', 'Acme makes tools.'), page('/a', 'Acme makes tools.'), page('/b', 'Other.')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ groups: [{ value: 'Acme makes tools.', pages: ['https://example.com/', 'https://example.com/a'], pages_total: 2 }] });
  });

  it("counts a blog's paginated lists once each among the pages sharing the site's description (a Hexo NexT blog)", () => {
    const site = 'Personal blog: notes on Go, Kubernetes and monitoring.';
    const findings = findingsOf(check, makeBundle({ pages: [
      page('/', site), page('/page/2/', site), page('/page/3/', site), page('/archives/', site), page('/archives/page/2/', site), page('/about/', site),
      page('/posts/m3db/', 'Running M3DB.'), page('/categories/m3db/', 'Running M3DB.'),
    ] }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([['warning', '5 pages share 2 meta description(s)']]);
    expect(findings[0]!.evidence).toMatchObject({ groups: [
      { value: site, pages: ['https://example.com/', 'https://example.com/archives/', 'https://example.com/about/'], pages_total: 3, list_pages_counted_once: 3 },
      { value: 'Running M3DB.', pages_total: 2 },
    ] });
    // The home page and its later pages alone are one list: info, as before.
    expect(findingsOf(check, makeBundle({ pages: [page('/', site), page('/page/2/', site), page('/about/', 'About me.')] })).map((f) => f.severity)).toEqual(['info']);
  });

  it('judges pages whose canonical names a developer\'s machine (a committed `jekyll serve` build) as themselves', () => {
    const at = (path: string) => ({ ...page(path, 'This is the central documentation repository for audio preservation.'), dom: { ...page(path, 'x').dom!, meta: [{ name: 'description', property: null, http_equiv: null, content: 'This is the central documentation repository for audio preservation.' }], canonical: [`http://localhost:4000/Documentation${path}`] } });
    const [f] = findingsOf(check, makeBundle({ pages: [at('/'), at('/docs/capture/'), at('/docs/backup/')] }));
    expect(f).toMatchObject({ severity: 'warning', evidence: { groups: [{ pages_total: 3 }] } });
    // A canonical to a real host elsewhere still means "index that one, not this".
    const elsewhere = (path: string) => ({ ...at(path), dom: { ...at(path).dom, canonical: [`https://docs.other-site.org${path}`] } });
    expect(findingsOf(check, makeBundle({ pages: [elsewhere('/'), elsewhere('/docs/capture/')] }))).toEqual([]);
  });
});
