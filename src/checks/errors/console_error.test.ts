import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './console_error.js';

const line = (text: string, url: string | null = 'https://example.com/app.js', type = 'error') => ({ type, text, url, line: url ? 1 : null });

describe('errors.console_error', () => {
  const valid = [
    ['a realistic healthy site (favicon 404, CORS line about a stubbed beacon, Permissions-Policy notice)', realisticSite()],
    ['warnings and logs', makeBundle({ pages: [makePage({ console: [line('deprecated API', undefined, 'warning'), line('hello', undefined, 'log')] })] })],
    ['failed-resource lines (http.failed_resource judges those)', makeBundle({ pages: [makePage({ console: [line('Failed to load resource: the server responded with a status of 404 (Not Found)', 'https://example.com/a.png')] })] })],
    ['mixed content lines (http.mixed_content judges those)', makeBundle({ pages: [makePage({ console: [line("Mixed Content: The page at 'https://example.com/' was loaded over HTTPS, but requested an insecure script 'http://x.net/a.js'. This request has been blocked; the content must be served over HTTPS.")] })] })],
    ['report-only CSP notes', makeBundle({ pages: [makePage({ console: [line("[Report Only] Refused to load the script 'https://x.net/a.js' because it violates the following Content Security Policy directive: \"script-src 'self'\".", null)] })] })],
    [
      'a CORS error about a request our guard refused',
      makeBundle({
        pages: [makePage({ requests: [makeRequest({ url: 'http://10.0.0.9/api', resource_type: 'fetch', blocked: true, status: 403 })], console: [line("Access to fetch at 'http://10.0.0.9/api' from origin 'https://example.com' has been blocked by CORS policy.")] })],
      }),
    ],
    ['the console echo of an uncaught exception', makeBundle({ pages: [makePage({ page_errors: [{ message: 'x is not defined', stack: null }], console: [line('Uncaught ReferenceError: x is not defined')] })] })],
    ['lines from a browser extension', makeBundle({ pages: [makePage({ console: [line('boom', 'chrome-extension://abc/content.js')] })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports first-party errors once per message as one warning, across pages', () => {
    const pages = [
      makePage({ console: [line('Cart failed to render: missing price'), line('Cart failed to render: missing price')] }),
      makePage({ url: 'https://example.com/b', depth: 1, console: [line('Cart failed to render: missing price'), line("Refused to execute script from 'https://example.com/x' because its MIME type ('text/html') is not executable.", null)] }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'warning', title: '2 distinct first-party console error(s)' });
    expect(findings[0]!.evidence).toMatchObject({
      party: 'first-party',
      messages_total: 2,
      pages_total: 2,
      messages: [{ message: 'Cart failed to render: missing price', occurrences: 3, pages: ['https://example.com/', 'https://example.com/b'] }, { source: null }],
    });
  });

  it('keeps third-party errors apart, as info', () => {
    const page = makePage({ console: [line('[GSI_LOGGER]: The given origin is not allowed for the given client ID.', 'https://accounts.google.com/gsi/client'), line('own bug')] });
    const findings = findingsOf(check, makeBundle({ pages: [page] }));
    expect(findings.map((f) => [f.severity, f.evidence!.party])).toEqual([
      ['warning', 'first-party'],
      ['info', 'third-party'],
    ]);
  });

  it("is not verified (info) when it names no address on a page whose data requests the audit refused (an Angular app's 'ERROR vp')", () => {
    // Shaped like an Angular portfolio: its JSON comes from raw.githubusercontent.com, refused by allowlist-only.
    const data = makeRequest({ url: 'https://raw.githubusercontent.com/me/portfolio/master/src/app/json/about.json', resource_type: 'xhr', blocked: true, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: 'guard' });
    const page = (requests: ReturnType<typeof makeRequest>[]) => makePage({ requests, console: [line('ERROR vp', 'https://example.com/main.d4bfd95016a16151.js')] });
    const blocked = [{ url: data.url, reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/' }];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page([data])], blocked }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', evidence: { party: 'not-verified' } });
    expect(f!.title).toMatch(/^1 distinct console error\(s\) on pages whose requests the audit refused/);
    // The same line with every request answered is the site's own.
    expect(findingsOf(check, makeBundle({ pages: [page([{ ...data, blocked: false, status: 200, failure: null, failure_reason: null }])] }))[0]).toMatchObject({ severity: 'warning' });
    // A refused analytics beacon says nothing about the app's own errors.
    const beacon = makeRequest({ url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABC', resource_type: 'fetch', blocked: true, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: 'guard' });
    expect(findingsOf(check, makeBundle({ pages: [page([beacon])], blocked }))[0]).toMatchObject({ severity: 'warning' });
  });

  it("is not verified (info) when a loader logs the failed load's event on a page where the audit refused a script (a VuePress theme's icon scripts)", () => {
    const icons = makeRequest({ url: 'https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6/js/solid.min.js', resource_type: 'script', blocked: true, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: 'guard' });
    const blocked = [{ url: icons.url, reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/' }];
    const page = (text: string) => makePage({ requests: [icons], console: [line(text, 'https://example.com/assets/app-DMAgorNU.js')] });
    expect(findingsOf(check, makeBundle({ pages: [page('Event')], blocked }))[0]).toMatchObject({ severity: 'info', evidence: { party: 'not-verified' } });
    // Any other error on that page is still the site's.
    expect(findingsOf(check, makeBundle({ pages: [page('TypeError: x is undefined')], blocked }))[0]).toMatchObject({ severity: 'warning' });
  });
});
