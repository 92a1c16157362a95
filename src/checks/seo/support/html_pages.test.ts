import { describe, expect, it } from 'vitest';
import { makeBundle, makeDom, makePage } from '../../test-support.js';
import { canonicalIsOwn, indexablePages } from './html_pages.js';

describe('canonicalIsOwn', () => {
  const cases = [
    ['its own address', 'https://www.acme.com/blog/', 'https://www.acme.com/blog/', true],
    ['its own address spelled otherwise (index file, host case)', 'https://www.acme.com/blog/', 'https://WWW.acme.com/blog/index.html', true],
    ['another page of the site', 'https://www.acme.com/blog/2', 'https://www.acme.com/blog/', false],
    ['a local copy naming the same path on production', 'http://127.0.0.1:4000/blog/', 'https://www.acme.com/blog/', true],
    ['a local copy under the production path prefix', 'http://localhost:8080/docs/intro/', 'https://acme.github.io/docs/intro/', true],
    ['a local copy naming another page on production', 'http://127.0.0.1:4000/blog/2/', 'https://www.acme.com/blog/', false],
    ['a local copy naming the same path with another query', 'http://127.0.0.1:4000/list?page=2', 'https://www.acme.com/list', false],
    ['a staging host of the same domain', 'https://staging.acme.com/pricing', 'https://www.acme.com/pricing', true],
    ['a deploy preview', 'https://deploy-preview-42--acme.netlify.app/pricing', 'https://www.acme.com/pricing', true],
    ['a production site naming another site (syndication)', 'https://news.otherpaper.org/story', 'https://www.acme.com/story', false],
    ['a staging host of another domain', 'https://staging.other.org/pricing', 'https://www.acme.com/pricing', false],
  ] as const;
  it.each(cases)('%s', (_name, page, canonical, own) => {
    expect(canonicalIsOwn({ final_url: page }, canonical)).toBe(own);
  });
});

describe('indexablePages', () => {
  const canon = (href: string) => makeDom({ canonical: [href] });
  it('keeps a local copy\'s pages that name themselves at production, and drops those canonicalized elsewhere or noindex', () => {
    const pages = [
      makePage({ url: 'http://127.0.0.1:4000/', dom: canon('https://lab.uni-research.de/') }),
      makePage({ url: 'http://127.0.0.1:4000/blog/', depth: 1, dom: canon('https://lab.uni-research.de/blog/') }),
      makePage({ url: 'http://127.0.0.1:4000/blog/page/2/', depth: 1, dom: canon('https://lab.uni-research.de/blog/') }),
      makePage({ url: 'http://127.0.0.1:4000/draft/', depth: 1, dom: makeDom({ canonical: ['https://lab.uni-research.de/draft/'], meta: [{ name: 'robots', property: null, http_equiv: null, content: 'noindex' }] }) }),
    ];
    expect(indexablePages(makeBundle({ pages })).map((p) => p.final_url)).toEqual(['http://127.0.0.1:4000/', 'http://127.0.0.1:4000/blog/']);
  });

  it('keeps a page whose canonical the run saw answer an error: search engines ignore it and index the page itself', () => {
    const pages = [makePage({ url: 'https://docs.example.org/guide/', dom: canon('https://docs.example.org/guide.html') }), makePage({ url: 'https://docs.example.org/api/', dom: canon('https://docs.example.org/api.html') })];
    const check = (url: string, status: number | null) => ({ url, status, method: 'GET' as const, error: status === null ? 'timed out' : null, final_url: url, found_on: [] });
    const site = { ...makeBundle().site, canonical_checks: [check('https://docs.example.org/guide.html', 404), check('https://docs.example.org/api.html', 200)] };
    expect(indexablePages(makeBundle({ pages, site })).map((p) => p.final_url)).toEqual(['https://docs.example.org/guide/']);
    // Not looked up (an older bundle): the canonical stands.
    expect(indexablePages(makeBundle({ pages }))).toEqual([]);
  });
});
