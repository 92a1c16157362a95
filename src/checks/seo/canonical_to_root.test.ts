import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './canonical_to_root.js';

const page = (path: string, canonical: string) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, title: path, dom: makeDom({ canonical: [canonical] }) });

describe('seo.canonical_to_root', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['the home page itself', makeBundle({ pages: [page('/', 'https://example.com/')] })],
    ['/index.html canonicalized to /', makeBundle({ pages: [page('/index.html', 'https://example.com/')] })],
    ['a tracking-parameter variant of the home page', makeBundle({ pages: [page('/?utm_source=x', 'https://example.com/')] })],
    ['a canonical to the root of another host (seo.canonical_host_mismatch)', makeBundle({ pages: [page('/a', 'https://other.example.net/')] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags inner pages that declare the home page as canonical, in one finding', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', 'https://example.com/'), page('/pricing', 'https://example.com/'), page('/blog/post', 'https://example.com/')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 pages declare the home page as their canonical URL' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/pricing', canonical: 'https://example.com/' }, { url: 'https://example.com/blog/post' }] });
  });
});
