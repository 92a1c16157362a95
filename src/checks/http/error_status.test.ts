import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './error_status.js';

describe('http.error_status', () => {
  const valid = [
    ['200 pages', [makePage({ status: 200 })]],
    ['a 304 and a 204', [makePage({ status: 304 }), makePage({ url: 'https://example.com/a', status: 204, depth: 1 })]],
    ['a navigation that failed (reported elsewhere)', [makePage({ status: null, navigation_error: 'net::ERR_FAILED' })]],
    ['a 403 made by our URL guard, not the site', [makePage(), makePage({ url: 'http://intranet.example.com/', depth: 1, status: 403, headers: { 'x-siteqa-blocked': 'private address' } })]],
    ['a 502 made by our proxy when the site was unreachable', [makePage({ status: 502, headers: { 'x-siteqa-upstream-error': 'ENOTFOUND' } })]],
  ] as const;
  it.each(valid)('passes: %s', (_name, pages) => {
    expect(findingsOf(check, makeBundle({ pages: [...pages] }))).toEqual([]);
  });

  it('leaves a 404 reached through an internal link to links.broken_internal (counted once)', () => {
    const pages = [makePage(), makePage({ url: 'https://example.com/gone', status: 404, depth: 1, found_on: 'https://example.com/', region: 'body' })];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('notes a 404 deep page known only from the sitemap as info (seo.sitemap_bad_urls counts it), with its status', () => {
    const pages = [
      makePage(),
      makePage({ url: 'https://example.com/gone', status: 404, depth: 1, found_on: null, region: 'sitemap' }),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'http.error_status', section: 'works', severity: 'info', title: 'Client error 404 on /gone (listed in the sitemap, linked from no page visited: seo.sitemap_bad_urls counts it)' });
    expect(f!.evidence).toMatchObject({ status: 404, found_on: null });
    expect(f!.evidence!.locator).toBe('http.error_status · /gone · 2026-01-01T00:00:00.000Z');
  });

  it('flags a 5xx anywhere, and a 4xx start page, as critical', () => {
    const pages = [makePage({ status: 410 }), makePage({ url: 'https://example.com/x', status: 503, depth: 1, found_on: 'https://example.com/', region: 'nav' })];
    expect(findingsOf(check, makeBundle({ pages })).map((f) => f.severity)).toEqual(['critical', 'critical']);
  });

  describe('routes an app pushed, opened directly', () => {
    const route = (path: string, title: string, h1: string, status = 404) => makePage({
      url: `https://example.com${path}`, final_url: `https://example.com${path}`, status, depth: 1, found_on: 'https://example.com/', region: 'click', title,
      reached_by: { from: 'https://example.com/', clicks: [path.slice(1)], route: 'push_state', after_click: false },
      dom: { ...makePage().dom!, headings: [{ level: 1, text: h1 }] },
    });

    it('are one warning that the host does not serve them, never broken links', () => {
      const pages = [makePage(), route('/missions', '404', '404 Not Found'), route('/crew', 'Page not found', 'Not found')];
      const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ severity: 'warning', title: '2 app routes answer 404 when opened directly: a reload, a bookmark or a shared link shows an error page' });
      expect(f!.evidence).toMatchObject({ routes_total: 2, routes: [{ path: '/missions', status: 404, reached_by: 'https://example.com/ → “missions”', error_page_shows_the_app: false }, { path: '/crew' }] });
    });

    it("say so when the host's error page is the app (index.html copied to 404.html)", () => {
      const pages = [makePage(), route('/crew', 'Crew · Orbit planner', 'Crew')];
      expect(findingsOf(check, makeBundle({ pages }))[0]).toMatchObject({
        severity: 'warning', title: "1 app route answers 404 when opened directly, though the host's error page shows the app: search engines and link checkers see an error",
      });
    });

    it('a 5xx on a route stays a server error of its own', () => {
      const pages = [makePage(), route('/crew', 'Crew', 'Crew', 500)];
      expect(findingsOf(check, makeBundle({ pages })).map((f) => [f.severity, f.title])).toEqual([['critical', 'Server error 500 on /crew']]);
    });
  });
});
