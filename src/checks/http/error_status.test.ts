import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './error_status.js';

describe('http.error_status', () => {
  const valid = [
    ['200 pages', [makePage({ status: 200 })]],
    ['a 304 and a 204', [makePage({ status: 304 }), makePage({ url: 'https://example.com/a', status: 204, depth: 1 })]],
    ['a navigation that failed (reported elsewhere)', [makePage({ status: null, navigation_error: 'net::ERR_FAILED' })]],
  ] as const;
  it.each(valid)('passes: %s', (_name, pages) => {
    expect(findingsOf(check, makeBundle({ pages: [...pages] }))).toEqual([]);
  });

  it('flags a 404 deep page as a warning with its status and referrer', () => {
    const pages = [
      makePage(),
      makePage({ url: 'https://example.com/gone', status: 404, depth: 1, found_on: 'https://example.com/' }),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'http.error_status', section: 'works', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ status: 404, found_on: 'https://example.com/' });
    expect(f!.evidence!.locator).toBe('http.error_status · /gone · 2026-01-01T00:00:00.000Z');
  });

  it('flags a 5xx anywhere, and a 4xx start page, as critical', () => {
    const pages = [makePage({ status: 410 }), makePage({ url: 'https://example.com/x', status: 503, depth: 1 })];
    expect(findingsOf(check, makeBundle({ pages })).map((f) => f.severity)).toEqual(['critical', 'critical']);
  });
});
