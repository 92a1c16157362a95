import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import { findingsOf, makeBundle, makePage, outcomeOf } from '../test-support.js';
import { check } from './navigation_error.js';

const failed = (over: Parameters<typeof makePage>[0] = {}) =>
  makePage({ status: null, headers: {}, dom: null, title: null, navigation_error: 'net::ERR_NAME_NOT_RESOLVED', ...over });

describe('http.navigation_error', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a page that answered 404 (http.error_status reports it)', makeBundle({ pages: [makePage({ status: 404 })] })],
    ['a redirect loop (http.redirect_loop reports it)', makeBundle({ pages: [failed({ navigation_error: 'net::ERR_TOO_MANY_REDIRECTS' })] })],
    ['a link that started a download', makeBundle({ pages: [makePage(), failed({ url: 'https://example.com/a.pdf', depth: 1, navigation_error: 'net::ERR_ABORTED' })] })],
    ['a navigation the run\'s deadline ended (a 200 document, and one that never answered)', makeBundle({ pages: [makePage(), makePage({ url: 'https://example.com/archives/2023/09/', depth: 1, status: 200, navigation_error: "navigation cut short by the run's deadline" }), failed({ url: 'https://example.com/tags/', depth: 1, navigation_error: "navigation cut short by the run's deadline" })] })],
    [
      'a host our guard refused',
      makeBundle({
        pages: [makePage(), failed({ url: 'https://intranet.example.com/', depth: 1, navigation_error: 'net::ERR_TUNNEL_CONNECTION_FAILED' })],
        blocked: [{ url: 'intranet.example.com:443', reason: 'resolves to 10.0.0.1, a private address', page: null }],
      }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('runs even when no page loaded at all (that is exactly its case)', () => {
    const bundle = makeBundle({ pages: [failed()] });
    expect(outcomeOf(check, bundle)).toBe('failed');
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'critical', title: 'Domain name does not resolve: https://example.com/' });
    expect(f!.evidence).toMatchObject({ error_code: 'ERR_NAME_NOT_RESOLVED', kind: 'dns' });
  });

  it('reports a TLS failure on a deep page as a warning with its referrer', () => {
    const pages = [makePage(), failed({ url: 'https://shop.example.com/', depth: 1, found_on: 'https://example.com/', navigation_error: 'net::ERR_CERT_DATE_INVALID' })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ kind: 'tls', found_on: 'https://example.com/', url: 'https://shop.example.com/' });
  });

  it('reports a document that started to answer but never finished within the navigation budget', () => {
    const pages = [makePage(), makePage({ url: 'https://example.com/never-ends', depth: 1, status: 200, navigation_error: 'navigation timed out' })];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f).toMatchObject({ severity: 'warning', title: 'Page does not finish loading in time: https://example.com/never-ends' });
    expect(f!.evidence).toMatchObject({ kind: 'timeout', error: 'navigation timed out' });
  });

  it('reports a page whose main thread froze, and an upstream failure seen through our proxy', () => {
    const pages = [
      makePage({ navigation_error: 'page unresponsive: its main thread did not answer within 1.5 s' }),
      makePage({ url: 'http://old.example.com/', depth: 1, status: 502, headers: { 'x-siteqa-upstream-error': 'ECONNREFUSED' } }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings.map((f) => [f.severity, f.evidence!.kind])).toEqual([
      ['critical', 'unresponsive'],
      ['warning', 'connection'],
    ]);
  });

  it('counts a freeze seen in the crawl only when the page froze again alone in the measuring pass', () => {
    const timing = { benchmark_index: 1600, benchmark_floor: 500, pages_measured: 1, loads: 1, duration_ms: 900, skipped: null };
    const frozen = (froze_alone?: boolean) => makePage({ url: 'https://example.com/a', depth: 1, navigation_error: 'page unresponsive: its main thread did not answer within 5 s after load', ...(froze_alone === undefined ? {} : { froze_alone }) });
    const bundle = (p: ReturnType<typeof makePage>) => {
      const b = makeBundle({ pages: [makePage(), p] });
      b.conditions.timing = timing;
      return b;
    };
    expect(findingsOf(check, bundle(frozen(false)))).toEqual([]);
    expect(findingsOf(check, bundle(frozen(true))).map((f) => [f.severity, f.evidence!.froze_when_loaded_alone])).toEqual([['warning', true]]);
    expect(findingsOf(check, bundle(frozen())).map((f) => [f.severity, f.evidence!.froze_when_loaded_alone])).toEqual([['info', null]]);
  });
});
