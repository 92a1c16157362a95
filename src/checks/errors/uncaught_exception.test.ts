import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './uncaught_exception.js';

const boom = (message: string, file = 'https://example.com/app.js') => ({ message, stack: `TypeError: ${message}\n    at init (${file}:10:5)\n    at ${file}:20:1` });

describe('errors.uncaught_exception', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['the browser\'s benign ResizeObserver notice', makeBundle({ pages: [makePage({ page_errors: [{ message: 'ResizeObserver loop completed with undelivered notifications.', stack: null }] })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports one finding per distinct error, listing every page it occurred on', () => {
    const pages = [
      makePage({ page_errors: [boom("Cannot read properties of undefined (reading 'map')")] }),
      makePage({ url: 'https://example.com/b', depth: 1, page_errors: [boom("Cannot read properties of undefined (reading 'map')"), boom('menu is not defined')] }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({ severity: 'warning' });
    expect(findings[0]!.evidence).toMatchObject({
      message: "Cannot read properties of undefined (reading 'map')",
      source: 'https://example.com/app.js',
      party: 'first-party',
      occurrences: 2,
      pages: ['https://example.com/', 'https://example.com/b'],
    });
    expect(findings[1]!.evidence).toMatchObject({ message: 'menu is not defined', pages: ['https://example.com/b'] });
    expect(findings[1]!.evidence!.locator).toBe('errors.uncaught_exception · /b · 2026-01-01T00:00:00.000Z');
  });

  it('says which clicks reach an error thrown in a state no address leads to', () => {
    const reached_by = { from: 'https://example.com/', clicks: ['Changelog'], route: 'none' as const, after_click: true };
    const pages = [makePage(), makePage({ region: 'click', reached_by, page_errors: [boom("Cannot read properties of undefined (reading '0')")] })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/'], after_clicking: ['https://example.com/ → “Changelog”'] });
  });

  it("reports React's chain of hydration errors as one mismatch, said in words (a Next.js export whose dates render differently in the browser)", () => {
    const hydration = (code: number) => boom(`Minified React error #${code}; visit https://react.dev/errors/${code} for the full message or use the non-minified dev environment for full errors and additional helpful warnings.`, 'https://example.com/_next/static/chunks/framework-2c79e2a64abdb08b.js');
    const pages = [
      makePage({ page_errors: [hydration(418), hydration(423)] }),
      makePage({ url: 'https://example.com/blog/', depth: 1, page_errors: [hydration(425), hydration(423)] }),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: expect.stringMatching(/^Uncaught error: React hydration mismatch: the page's HTML differs from what its components render in the browser, so React renders it again \(Minified React error #418/) });
    expect(f!.evidence).toMatchObject({ kind: 'react_hydration', occurrences: 4, pages: ['https://example.com/', 'https://example.com/blog/'] });
    expect((f!.evidence!.messages as string[]).length).toBe(3);
  });

  it('treats messages that differ only in ids and query strings as one error', () => {
    const pages = [
      makePage({ page_errors: [{ message: 'Failed to fetch https://example.com/api/item/123456?t=1700000000', stack: null }] }),
      makePage({ url: 'https://example.com/b', depth: 1, page_errors: [{ message: 'Failed to fetch https://example.com/api/item/987654?t=1700000555', stack: null }] }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence).toMatchObject({ occurrences: 2, party: 'unknown' });
  });

  it('notes an error thrown inside a third-party script as info', () => {
    const page = makePage({ page_errors: [boom('adsbygoogle.push() error', 'https://pagead2.googlesyndication.com/pagead/show_ads_impl.js')] });
    const [f] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ party: 'third-party', source: 'https://pagead2.googlesyndication.com/pagead/show_ads_impl.js' });
  });
  it('notes as info an error that only reports a file which failed once without an answer and loaded on other pages (a Docusaurus chunk)', () => {
    const chunk = 'https://whatsapp.github.io/WhatsApp-Nodejs-SDK/assets/js/9455.0b9b1ed1.js';
    const runtime = 'https://whatsapp.github.io/WhatsApp-Nodejs-SDK/assets/js/runtime~main.12885d48.js';
    const chunkError = { message: `Loading chunk 9455 failed.\n(error: ${chunk})`, stack: `ChunkLoadError: Loading chunk 9455 failed.\n(error: ${chunk})\n    at r.f.j (${runtime}:1:6479)` };
    const page = (path: string, status: number | null, errors: typeof chunkError[]) => makePage({
      url: `https://whatsapp.github.io/WhatsApp-Nodejs-SDK/${path}`, depth: path ? 1 : 0,
      requests: [makeRequest({ url: chunk, status, failure: status === null ? 'net::ERR_CONNECTION_FAILED' : null })],
      page_errors: errors,
    });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('', 200, []), page('api-reference/', 200, []), page('api-reference/types/DocumentMediaObject/', null, [chunkError])] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Uncaught error after a file failed once to load: Loading chunk 9455 failed. (error: https://whatsapp.github.io/WhatsApp-Nodejs-SDK/assets/js/9455.0b9b1ed1.js)' });
    expect(f!.evidence).toMatchObject({ failed_once: [chunk] });
    // The chunk fails wherever it is asked for: the site's own defect, a warning.
    const [g] = findingsOf(check, makeBundle({ pages: [page('', null, [chunkError]), page('api-reference/', null, [chunkError])] }));
    expect(g).toMatchObject({ severity: 'warning', title: expect.stringMatching(/^Uncaught error: Loading chunk 9455/) });
  });

  it("keeps as the site's a name nothing points at when a script of the site's own failed by itself on the page, whatever library was refused (a docs page's schema_doc.min.js answering 404)", () => {
    const jquery = 'https://code.jquery.com/jquery-3.3.1.min.js';
    const refusedHere = makeRequest({ url: jquery, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'code.jquery.com:443 is not in QA_URL_ALLOWLIST' });
    const own404 = makeRequest({ url: 'https://example.com/user/schema_doc.min.js', resource_type: 'script', status: 404 });
    const page = (errors: { message: string; stack: string | null }[], requests = [refusedHere, own404]) => makePage({ url: 'https://example.com/user/projectconf.html', final_url: 'https://example.com/user/projectconf.html', host_address: 'public', requests, page_errors: errors });
    expect(findingsOf(check, makeBundle({ pages: [page([{ message: 'anchorOnLoad is not defined', stack: null }])] }))[0]).toMatchObject({ severity: 'warning', title: 'Uncaught error: anchorOnLoad is not defined' });
    // The refused library's own names are still its: `$`, and `jQuery` named by its address.
    expect(findingsOf(check, makeBundle({ pages: [page([{ message: '$ is not defined', stack: null }, { message: 'jQuery is not defined', stack: null }])] })).map((f) => f.severity)).toEqual(['info', 'info']);
    // Without the site's own failure, the refused library explains it, as before.
    expect(findingsOf(check, makeBundle({ pages: [page([{ message: 'anchorOnLoad is not defined', stack: null }], [refusedHere])] }))[0]).toMatchObject({ severity: 'info' });
  });

  it('notes as info a bare "Event" rejection on a page whose script the guard refused (a comment widget on jsDelivr), and warns where the site\'s own script failed', () => {
    const cdn = 'https://cdn.jsdelivr.net/npm/twikoo@1.6.7/dist/twikoo.all.min.js';
    const refusedHere = makeRequest({ url: cdn, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'cdn.jsdelivr.net:443 is not in QA_URL_ALLOWLIST' });
    const rejection = { message: 'Event', stack: null };
    const page = (path: string, extra: ReturnType<typeof makeRequest>[] = []) => makePage({ url: `https://example.com/${path}`, final_url: `https://example.com/${path}`, host_address: 'public', requests: [refusedHere, ...extra], page_errors: [rejection] });
    expect(findingsOf(check, makeBundle({ pages: [page('essay/'), page('message/')] }))[0]).toMatchObject({ severity: 'info', title: "Uncaught error where the audit's URL guard refused a script: Event" });
    const own404 = makeRequest({ url: 'https://example.com/js/comments.js', resource_type: 'script', status: 404 });
    expect(findingsOf(check, makeBundle({ pages: [page('essay/', [own404])] }))[0]).toMatchObject({ severity: 'warning', title: 'Uncaught error: Event' });
  });

  it('notes as info an error on a page whose script the audit\'s own guard refused (a local copy of a docs site with highlight.js on a CDN)', () => {
    const cdn = 'https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.5.0/highlight.min.js';
    const refusedHere = makeRequest({ url: cdn, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'cdnjs.cloudflare.com:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)' });
    const inline = { message: 'hljs is not defined', stack: 'ReferenceError: hljs is not defined\n    at https://example.com/:21:1' };
    const page = (path: string) => makePage({ url: `https://example.com/${path}`, final_url: `https://example.com/${path}`, host_address: 'public', requests: [refusedHere], page_errors: [inline] });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page(''), page('user-guide/')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: "Uncaught error where the audit's URL guard refused a script: hljs is not defined" });
    expect(f!.evidence).toMatchObject({ refused_scripts: [cdn], pages: ['https://example.com/', 'https://example.com/user-guide/'] });
    // A public page's script on a private address fails for every visitor too: the site's defect, a warning.
    const intranet = makeRequest({ url: 'http://10.0.0.5/highlight.js', resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard_private', guard_reason: '10.0.0.5 is a private address' });
    const [g] = findingsOf(check, makeBundle({ pages: [makePage({ host_address: 'public', requests: [intranet], page_errors: [inline] })] }));
    expect(g).toMatchObject({ severity: 'warning', title: 'Uncaught error: hljs is not defined' });
  });

  it('notes as info an error after a script the audit machine could not reach, having no internet access (a local copy audited offline)', () => {
    const jquery = 'https://code.jquery.com/jquery-3.7.1.min.js';
    const unresolved = makeRequest({ url: jquery, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns', guard_reason: 'code.jquery.com could not be resolved (ENOTFOUND)' });
    const dollar = { message: '$ is not defined', stack: 'ReferenceError: $ is not defined\n    at http://127.0.0.1:8080/:12:1' };
    const local = makePage({ url: 'http://127.0.0.1:8080/', final_url: 'http://127.0.0.1:8080/', host_address: 'private', requests: [unresolved], page_errors: [dollar] });
    const [f] = findingsOf(check, makeBundle({ pages: [local] }));
    expect(f).toMatchObject({ severity: 'info', title: "Uncaught error where the audit's machine (no internet access) could not load a script: $ is not defined", evidence: { refused_scripts: [jquery] } });
    // On a public site, jQuery's host not resolving is the visitor's experience too: the site's error.
    const published = makePage({ host_address: 'public', requests: [unresolved], page_errors: [{ message: '$ is not defined', stack: 'ReferenceError: $ is not defined\n    at https://example.com/:12:1' }] });
    expect(findingsOf(check, makeBundle({ pages: [published] }))[0]).toMatchObject({ severity: 'warning', title: 'Uncaught error: $ is not defined' });
  });

  it("keeps a syntax error the site's own: no refused script makes a script unparsable (an HTML-escaped && in an inline script)", () => {
    const refusedHere = makeRequest({ url: 'https://cdn.jsdelivr.net/npm/jquery@3.6.0/dist/jquery.min.js', resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'cdn.jsdelivr.net:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)' });
    for (const e of [
      { message: 'Invalid or unexpected token', stack: 'SyntaxError: Invalid or unexpected token' },
      { message: "Unexpected token '&'", stack: null },
      { message: 'missing ) after argument list', stack: 'SyntaxError: missing ) after argument list\n    at https://example.com/form-page/:40:1' },
    ]) {
      const [f] = findingsOf(check, makeBundle({ pages: [makePage({ host_address: 'public', requests: [refusedHere], page_errors: [e] })] }));
      expect(f).toMatchObject({ severity: 'warning', title: `Uncaught error: ${e.message}` });
    }
  });

  it("keeps a null dereference in the site's own script the site's, whatever the guard refused (a plugin reading a meta tag no page has)", () => {
    const gtm = makeRequest({ url: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC', resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'not in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' });
    const e = { message: "Cannot read properties of null (reading 'getAttribute')", stack: "TypeError: Cannot read properties of null (reading 'getAttribute')\n    at https://example.com/wp-content/plugins/ssp/webhook.js:3:41" };
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ host_address: 'public', requests: [gtm], page_errors: [e] })] }));
    expect(f).toMatchObject({ severity: 'warning', title: `Uncaught error: ${e.message}` });
  });

  it('reads a state reached by clicking in the same document with the requests of the page it was reached from (jQuery refused, "$ is not defined" after clicking a search button)', () => {
    const jquery = 'https://cdn.jsdelivr.net/npm/jquery@3.6.0/dist/jquery.min.js';
    const refusedHere = makeRequest({ url: jquery, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'cdn.jsdelivr.net:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)' });
    const dollar = { message: '$ is not defined', stack: 'ReferenceError: $ is not defined\n    at https://example.com/assets/js/no_defer.js:1:1' };
    const start = makePage({ host_address: 'public', requests: [refusedHere], page_errors: [dollar] });
    const clicked = (route: 'none' | 'push_state' | 'navigation') => makePage({ url: 'https://example.com/', final_url: route === 'navigation' ? 'https://example.com/search' : 'https://example.com/', host_address: 'public', region: 'click', requests: [], page_errors: [dollar], reached_by: { from: 'https://example.com/', clicks: ['ctrl k'], route, after_click: true } });
    for (const route of ['none', 'push_state'] as const) {
      expect(findingsOf(check, makeBundle({ pages: [start, clicked(route)] }))[0]).toMatchObject({ severity: 'info', evidence: { refused_scripts: [jquery] } });
    }
    // A new document after the click recorded its whole load: nothing refused there, so it is the site's.
    expect(findingsOf(check, makeBundle({ pages: [start, clicked('navigation')] }))[0]).toMatchObject({ severity: 'warning' });
  });

  it("notes as info an unhandled \"Failed to fetch\" on a page where the guard refused a fetch, and only when no other call failed (mdBook's playground POST on a local copy)", () => {
    const refusedCall = makeRequest({ url: 'https://play.rust-lang.org/meta/crates', resource_type: 'fetch', method: 'POST', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'play.rust-lang.org:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)' });
    const rejection = { message: 'Failed to fetch', stack: 'TypeError: Failed to fetch\n    at fetch_with_timeout (https://example.com/book.js:28:16)' };
    const page = (path: string, requests = [refusedCall]) => makePage({ url: `https://example.com/${path}`, final_url: `https://example.com/${path}`, host_address: 'public', requests, page_errors: [rejection] });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('hello.html'), page('fn.html')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: "Uncaught error where the audit's URL guard refused a request: Failed to fetch" });
    expect(f!.evidence).toMatchObject({ refused_requests: ['https://play.rust-lang.org/meta/crates'] });
    // Another call of the page failed on its own (a dead API): the error may be the site's, a warning.
    const dead = makeRequest({ url: 'https://api.example.com/v1/menu', resource_type: 'fetch', status: null, failure: 'net::ERR_NAME_NOT_RESOLVED', failure_reason: 'dns' });
    expect(findingsOf(check, makeBundle({ pages: [page('hello.html', [refusedCall, dead])] }))[0]).toMatchObject({ severity: 'warning' });
    // A module chunk that failed on its own ("Failed to fetch dynamically imported module") is the site's.
    const chunk = makeRequest({ url: 'https://example.com/assets/Settings-3f2a.js', resource_type: 'script', status: 404 });
    const stale = makePage({ host_address: 'public', requests: [refusedCall, chunk], page_errors: [{ message: 'Failed to fetch dynamically imported module: https://example.com/assets/Settings-3f2a.js', stack: null }] });
    expect(findingsOf(check, makeBundle({ pages: [stale] }))[0]).toMatchObject({ severity: 'warning' });
    // An error that is no failed request stays the site's, refused call or not.
    const other = makePage({ host_address: 'public', requests: [refusedCall], page_errors: [{ message: 'x is undefined', stack: 'TypeError: x is undefined\n    at https://example.com/book.js:3:1' }] });
    expect(findingsOf(check, makeBundle({ pages: [other] }))[0]).toMatchObject({ severity: 'warning' });
  });
  it("keeps the site's own error the site's when only measurement, chat or consent vendors were refused, unless it names one (a theme calling a jQuery plugin it never loads)", () => {
    const refused = (url: string) => makeRequest({ url, resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: `${new URL(url).host}:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)` });
    const vendors = [refused('https://www.googletagmanager.com/gtm.js?id=GTM-W6DXDPVD'), refused('https://cdn.iubenda.com/iubenda.js'), refused('https://cdn.livechatinc.com/tracking.js')];
    const theme = makePage({ host_address: 'public', requests: vendors, page_errors: [boom('e.imagesLoaded is not a function', 'https://example.com/assets/js/theme.min.js')] });
    expect(findingsOf(check, makeBundle({ pages: [theme] }))[0]).toMatchObject({ severity: 'warning', title: 'Uncaught error: e.imagesLoaded is not a function' });
    // An error naming the refused vendor is the refusal's doing; a refused library explains any missing name.
    const cookiebot = makePage({ host_address: 'public', requests: [refused('https://consent.cookiebot.com/uc.js')], page_errors: [boom('Cookiebot is not defined')] });
    expect(findingsOf(check, makeBundle({ pages: [cookiebot] }))[0]).toMatchObject({ severity: 'info' });
    const ga = makePage({ host_address: 'public', requests: [refused('https://www.google-analytics.com/analytics.js')], page_errors: [boom('ga is not defined')] });
    expect(findingsOf(check, makeBundle({ pages: [ga] }))[0]).toMatchObject({ severity: 'info' });
    const library = makePage({ host_address: 'public', requests: [...vendors, refused('https://cdnjs.cloudflare.com/ajax/libs/imagesloaded/5.0.0/imagesloaded.pkgd.min.js')], page_errors: [boom('e.imagesLoaded is not a function', 'https://example.com/assets/js/theme.min.js')] });
    expect(findingsOf(check, makeBundle({ pages: [library] }))[0]).toMatchObject({ severity: 'info' });
  });

  it("keeps a missing-dependency error the site's when a script of its own that it names failed too (a 404 plugin beside a refused CDN script)", () => {
    const cdn = makeRequest({ url: 'https://cdnjs.cloudflare.com/ajax/libs/jquery/3.6.0/jquery.min.js', resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'cdnjs.cloudflare.com:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)' });
    const typed = makeRequest({ url: 'https://example.com/assets/libs/typed.js/lib/typed.js', resource_type: 'script', status: 404 });
    const page = makePage({ host_address: 'public', requests: [cdn, typed], page_errors: [boom('Typed is not defined', 'https://example.com/')] });
    expect(findingsOf(check, makeBundle({ pages: [page] }))[0]).toMatchObject({ severity: 'warning' });
    // The refused CDN script still explains what only it can: its own jQuery on the same page. (A name
    // neither points at, hljs, is the site's: its own script failed there.)
    const both = makePage({ host_address: 'public', requests: [cdn, typed], page_errors: [boom('jQuery is not defined', 'https://example.com/')] });
    expect(findingsOf(check, makeBundle({ pages: [both] }))[0]).toMatchObject({ severity: 'info' });
    const neither = makePage({ host_address: 'public', requests: [cdn, typed], page_errors: [boom('hljs is not defined', 'https://example.com/')] });
    expect(findingsOf(check, makeBundle({ pages: [neither] }))[0]).toMatchObject({ severity: 'warning' });
  });
});
