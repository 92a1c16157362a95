import { describe, expect, it } from 'vitest';
import type { UrlCheck } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './canonical_target_status.js';

const pointing = (canonical: string) => makePage({ url: 'https://example.com/a', title: 'A', dom: makeDom({ canonical: [canonical] }) });
const linkCheck = (over: Partial<UrlCheck>): UrlCheck => ({ url: 'https://example.com/x', status: 200, method: 'HEAD', error: null, final_url: null, found_on: [], ...over });

describe('seo.canonical_target_status', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a self-referencing canonical', makeBundle({ pages: [pointing('https://example.com/a')] })],
    ['a canonical whose status the run never observed', makeBundle({ pages: [pointing('https://example.com/unknown')] })],
    ['a canonical to a crawled page that answered 200', makeBundle({ pages: [pointing('https://example.com/b'), makePage({ url: 'https://example.com/b', depth: 1 })] })],
    [
      'a canonical whose link check our guard refused',
      makeBundle({ pages: [pointing('https://example.com/x')], site: { ...makeBundle().site, link_checks: [linkCheck({ status: null, error: 'refused https://example.com/x: resolves to 10.0.0.1' })] } }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a canonical to a crawled 404', () => {
    const pages = [pointing('https://example.com/gone'), makePage({ url: 'https://example.com/gone', depth: 1, status: 404 })];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/a', canonical: 'https://example.com/gone', status: 404, observed_by: 'crawl' }] });
  });

  it('flags a canonical to a URL that redirects, seen by the link checker', () => {
    const site = { ...makeBundle().site, link_checks: [linkCheck({ url: 'https://example.com/old', status: 200, final_url: 'https://example.com/new' })] };
    const [f] = findingsOf(check, makeBundle({ pages: [pointing('https://example.com/old')], site }));
    expect(f!.evidence).toMatchObject({ pages: [{ canonical: 'https://example.com/old', status: 200, redirects_to: 'https://example.com/new', observed_by: 'link_check' }] });
  });

  it('flags a canonical to a URL the sitemap check found broken', () => {
    const site = { ...makeBundle().site, sitemap_url_checks: [linkCheck({ url: 'https://example.com/x', status: 410 })] };
    const [f] = findingsOf(check, makeBundle({ pages: [pointing('https://example.com/x')], site }));
    expect(f!.evidence).toMatchObject({ pages: [{ status: 410, observed_by: 'sitemap_check' }] });
  });
});
