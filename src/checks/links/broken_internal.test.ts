import { describe, expect, it } from 'vitest';
import type { UrlCheck } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
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
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/pricing', status: 404, found_on: ['https://example.com/', 'https://example.com/b'], found_on_total: 2 });
    expect(f!.evidence!.locator).toBe('links.broken_internal · / · 2026-01-01T00:00:00.000Z');
  });

  it('reports a crawled page that answered 404 once, even when the link checker saw it too', () => {
    const gone = makePage({ url: 'https://example.com/gone', depth: 1, found_on: 'https://example.com/', region: 'body', status: 404 });
    const bundle = makeBundle({ pages: [makePage(), gone], site: { ...makeBundle().site, link_checks: [link({ url: 'https://example.com/gone', status: 404 })] } });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Link to /gone is broken (404)' });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/gone', status: 404, observed_by: 'crawl', found_on: ['https://example.com/'] });
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
});
