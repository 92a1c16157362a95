import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import type { ImageFact } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check } from './failed_resource.js';

const withRequests = (...requests: ReturnType<typeof makeRequest>[]) => makeBundle({ pages: [makePage({ requests })] });

describe('http.failed_resource', () => {
  const valid = [
    ['a realistic healthy site (favicon 404, stubbed beacons, guard refusal, aborted ping, 401 API)', realisticSite()],
    ['the automatic favicon request failing', withRequests(makeRequest({ url: 'https://example.com/favicon.ico', resource_type: 'image', status: 404 }))],
    ['a request our guard refused', withRequests(makeRequest({ url: 'http://192.168.1.1/a.js', status: 403, blocked: true }))],
    ['a beacon answered by our stub that Chromium reports failed', withRequests(makeRequest({ url: 'https://www.google-analytics.com/g/collect', resource_type: 'ping', status: null, failure: 'net::ERR_FAILED', beacon_stubbed: true }))],
    ['an image cancelled by navigation', withRequests(makeRequest({ url: 'https://example.com/a.jpg', resource_type: 'image', status: null, failure: 'net::ERR_ABORTED' }))],
    ['an API call answering 404 (expected answers are not asset failures)', withRequests(makeRequest({ url: 'https://example.com/api/cart', resource_type: 'fetch', status: 404 }))],
    ['a data: URI', withRequests(makeRequest({ url: 'data:image/png;base64,AAAA', resource_type: 'image', status: null, failure: 'net::ERR_FAILED' }))],
    ['a cached 304', withRequests(makeRequest({ url: 'https://example.com/a.css', resource_type: 'stylesheet', status: 304 }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('rates a first-party script 404 critical and a first-party image 404 warning', () => {
    const findings = findingsOf(
      check,
      withRequests(
        makeRequest({ url: 'https://example.com/app.js', status: 404 }),
        makeRequest({ url: 'https://cdn.example.com/hero.jpg', resource_type: 'image', status: null, failure: 'net::ERR_CONNECTION_RESET' }),
      ),
    );
    expect(findings.map((f) => f.severity)).toEqual(['critical', 'warning']);
    expect(findings[0]!.evidence).toMatchObject({ resources: [{ url: 'https://example.com/app.js', type: 'script', status: 404, party: 'first-party' }] });
    expect(findings[1]!.evidence).toMatchObject({ resources: [{ url: 'https://cdn.example.com/hero.jpg', status: null, error: 'ERR_CONNECTION_RESET', party: 'first-party' }] });
  });

  it('rates a page image whose failure the page\'s own script covered (an onerror fallback, holder.js) as info, marked replaced', () => {
    const img = (src: string): ImageFact => ({ src, selector: 'main > img', alt: 'x', width_attr: '100', height_attr: '60', display_width: 100, display_height: 60, natural_width: 100, natural_height: 60, loading: null, in_viewport: true });
    const holder = 'https://example.com/components/cards/holder.js/100px180';
    const page = makePage({
      requests: [makeRequest({ url: holder, resource_type: 'image', status: 404 }), makeRequest({ url: 'https://example.com/gone.jpg', resource_type: 'image', status: 404 })],
      dom: makeDom({ images: [img('data:image/svg+xml,holder'), img('https://example.com/gone.jpg')], replaced_images: [{ earlier_src: holder, selector: 'main > img', now_src: 'data:image/svg+xml,holder' }] }),
    });
    const findings = findingsOf(check, makeBundle({ pages: [page] }));
    expect(findings.map((f) => f.severity)).toEqual(['critical', 'info']);
    expect(findings[1]).toMatchObject({ title: '1 third-party, rate-limited or replaced resource(s) fail to load', evidence: { resources: [{ url: holder, replaced_on_page: true }] } });
  });

  it('rates a file that loaded on other pages and failed once without an answer as info (a passing fault, not a missing file)', () => {
    // Shaped like a Sphinx site: sg_gallery.css loads on every page but one, where the connection failed.
    const css = (over: Partial<ReturnType<typeof makeRequest>>) => makeRequest({ url: 'https://lmfit.github.io/lmfit-py/_static/sg_gallery.css?v=d2d258e8', resource_type: 'stylesheet', ...over });
    const missing = makeRequest({ url: 'https://lmfit.github.io/lmfit-py/_static/thebelab.css', resource_type: 'stylesheet', status: 404, failure: 'net::ERR_ABORTED' });
    const page = (path: string, requests: ReturnType<typeof makeRequest>[]) => makePage({ url: `https://lmfit.github.io/lmfit-py/${path}`, depth: path ? 1 : 0, requests });
    const bundle = makeBundle({ pages: [
      page('', [css({ status: 200 }), missing]),
      page('intro.html', [css({ status: 200 }), missing]),
      page('examples/model_savemodelresult.html', [css({ status: null, failure: 'net::ERR_CONNECTION_FAILED' }), missing]),
    ] });
    const findings = findingsOf(check, bundle);
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['critical', '1 first-party script(s), stylesheet(s) or page image(s) fail to load'],
      ['info', '1 resource(s) failed once without an answer but loaded on other pages'],
    ]);
    expect(findings[1]!.evidence).toMatchObject({ resources: [{ url: 'https://lmfit.github.io/lmfit-py/_static/sg_gallery.css?v=d2d258e8', error: 'ERR_CONNECTION_FAILED', intermittent: true }] });
    // An error status is the server's answer, not a passing fault: a 404 on one page stays critical.
    const answered = makeBundle({ pages: [page('', [css({ status: 200 })]), page('intro.html', [css({ status: 503 })])] });
    expect(findingsOf(check, answered).map((f) => f.severity)).toEqual(['critical']);
    // Failing without an answer everywhere it was asked for: missing, not passing.
    const everywhere = makeBundle({ pages: [page('', [css({ status: null, failure: 'net::ERR_CONNECTION_RESET' })]), page('intro.html', [css({ status: null, failure: 'net::ERR_CONNECTION_RESET' })])] });
    expect(findingsOf(check, everywhere).map((f) => f.severity)).toEqual(['critical']);
  });

  it("says when the audit's own connection, through its proxy, failed for a file that loaded on other pages", () => {
    const css = (over: Partial<ReturnType<typeof makeRequest>>) => makeRequest({ url: 'https://docs.example.com/_static/theme.css', resource_type: 'stylesheet', ...over });
    const logo = (over: Partial<ReturnType<typeof makeRequest>>) => makeRequest({ url: 'https://docs.example.com/_static/logo.svg', resource_type: 'image', ...over });
    const page = (path: string, requests: ReturnType<typeof makeRequest>[]) => makePage({ url: `https://docs.example.com/${path}`, depth: path ? 1 : 0, requests });
    const run = (failedCss: string, failedLogo: string) => findingsOf(check, makeBundle({ pages: [
      page('', [css({ status: 200 }), logo({ status: 200 })]),
      page('a.html', [css({ status: null, failure: failedCss }), logo({ status: 200 })]),
      page('b.html', [css({ status: 200 }), logo({ status: null, failure: failedLogo })]),
    ] }));
    // Our proxy answered that it could not get the file from the host (plain http: its 502; https: the tunnel).
    const own = run('net::ERR_CONNECTION_FAILED (ECONNRESET)', 'net::ERR_TUNNEL_CONNECTION_FAILED (ETIMEDOUT)');
    expect(own.map((f) => [f.severity, f.title])).toEqual([['info', "2 resource(s) failed once when the audit's own connection (through its proxy) failed, but loaded on other pages"]]);
    expect(own[0]!.evidence).toMatchObject({ resources: [
      { url: 'https://docs.example.com/_static/theme.css', error: 'ERR_CONNECTION_FAILED', proxy_error: 'ECONNRESET', intermittent: true },
      { url: 'https://docs.example.com/_static/logo.svg', error: 'ERR_TUNNEL_CONNECTION_FAILED', proxy_error: 'ETIMEDOUT', intermittent: true },
    ] });
    // The browser's own failure says nothing about where the connection broke: no claim either way.
    const unknown = run('net::ERR_CONNECTION_FAILED (ECONNRESET)', 'net::ERR_CONNECTION_RESET');
    expect(unknown.map((f) => f.title)).toEqual(['2 resource(s) failed once without an answer but loaded on other pages']);
    expect((unknown[0]!.evidence!.resources as Record<string, unknown>[]).map((r) => r.proxy_error ?? null)).toEqual(['ECONNRESET', null]);
  });

  it('rates a file used on one page that failed without an answer and answered when asked again after the crawl as info', () => {
    // Shaped like a Just the Docs page: one screenshot, its connection reset once through our proxy on a loaded machine.
    const shot = 'https://docs.example.org/assets/images/quality_control/1_spectrum_analysis_slider.png';
    const img = (src: string): ImageFact => ({ src, selector: 'main > img', alt: 'x', width_attr: null, height_attr: null, display_width: 736, display_height: 300, natural_width: 736, natural_height: 300, loading: null, in_viewport: true });
    const page = makePage({ url: 'https://docs.example.org/qc/', requests: [makeRequest({ url: shot, resource_type: 'image', status: null, failure: 'net::ERR_CONNECTION_FAILED (ECONNRESET)' })], dom: makeDom({ images: [img(shot)] }) });
    const retried = (status: number | null) => makeBundle({ pages: [page], site: { ...makeBundle().site, retried_resources: [{ url: shot, status, method: 'HEAD', error: status === null ? 'socket hang up' : null, final_url: status === null ? null : shot, found_on: [page.final_url] }] } });
    const [f] = findingsOf(check, retried(200));
    expect(f).toMatchObject({ severity: 'info', title: "1 resource(s) failed once when the audit's own connection (through its proxy) failed, but answered when asked again after the crawl" });
    expect(f!.evidence).toMatchObject({ resources: [{ url: shot, intermittent: true, answered_again: 200 }] });
    // Asked again and still no answer, or an error status: missing, as before.
    expect(findingsOf(check, retried(null)).map((x) => x.severity)).toEqual(['critical']);
    expect(findingsOf(check, retried(404)).map((x) => x.severity)).toEqual(['critical']);
  });

  it('counts a script that answered 404 although Chromium then reports it aborted', () => {
    const [f] = findingsOf(check, withRequests(makeRequest({ url: 'https://example.com/js/reviews-widget.js', status: 404, failure: 'net::ERR_ABORTED' })));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ resources: [{ url: 'https://example.com/js/reviews-widget.js', status: 404, error: null }] });
  });

  it('rates third parties by certainty: a gone script warns, a refused one is info', () => {
    const findings = findingsOf(
      check,
      withRequests(
        makeRequest({ url: 'https://widgets.vendor.net/v1.js', status: 404 }),
        makeRequest({ url: 'https://cdn.vendor.net/lib.js', status: 403 }),
        makeRequest({ url: 'https://example.com/img.png', resource_type: 'image', status: 429 }),
      ),
    );
    expect(findings.map((f) => [f.severity, f.evidence!.resources_total])).toEqual([
      ['warning', 1],
      ['info', 2],
    ]);
  });

  it('lists a template asset failing on every page once, with its pages', () => {
    const broken = makeRequest({ url: 'https://example.com/theme.css', resource_type: 'stylesheet', status: 500 });
    const pages = [makePage({ requests: [broken] }), makePage({ url: 'https://example.com/b', depth: 1, requests: [broken] })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f!.evidence).toMatchObject({ resources_total: 1, pages_total: 2, resources: [{ pages: ['https://example.com/', 'https://example.com/b'] }] });
  });

  it('rates a first-party <img> that fails as critical, a CSS background or tracking pixel as warning', () => {
    const img = (src: string, w: number, h: number): ImageFact => ({
      src, selector: 'img', alt: 'Shelf', width_attr: null, height_attr: null, display_width: w, display_height: h, natural_width: 0, natural_height: 0, loading: null, in_viewport: true,
    });
    const page = makePage({
      url: 'https://example.com/products',
      dom: makeDom({ images: [img('https://example.com/img/shelf.jpg', 16, 16), img('https://example.com/px.gif', 1, 1)] }),
      requests: [
        makeRequest({ url: 'https://example.com/img/shelf.jpg', resource_type: 'image', status: 404 }),
        makeRequest({ url: 'https://example.com/px.gif', resource_type: 'image', status: 404 }),
        makeRequest({ url: 'https://example.com/img/bg-texture.png', resource_type: 'image', status: 404 }),
      ],
    });
    const findings = findingsOf(check, makeBundle({ pages: [page] }));
    expect(findings.map((f) => [f.severity, (f.evidence!.resources as { url: string }[]).map((r) => r.url)])).toEqual([
      ['critical', ['https://example.com/img/shelf.jpg']],
      ['warning', ['https://example.com/px.gif', 'https://example.com/img/bg-texture.png']],
    ]);
  });

  it('counts a first-party API answering 5xx as a warning', () => {
    const [f] = findingsOf(check, withRequests(makeRequest({ url: 'https://example.com/api/menu', resource_type: 'xhr', status: 503 })));
    expect(f).toMatchObject({ severity: 'warning' });
  });
});

describe('http.failed_resource leaves dead hosts to http.unreachable_host', () => {
  it('does not count a resource whose host refuses connections', () => {
    expect(findingsOf(check, withRequests(makeRequest({ url: 'https://cdn.example.net/a.js', status: null, failure: 'net::ERR_CONNECTION_REFUSED' })))).toEqual([]);
  });
});

describe('http.failed_resource on an audit machine without internet access', () => {
  it('does not count public files that timed out when no public host answered and an always-up one failed too', () => {
    const local = (...requests: ReturnType<typeof makeRequest>[]) => makeBundle({ pages: [makePage({ url: 'http://127.0.0.1:8080/', final_url: 'http://127.0.0.1:8080/', requests })] });
    const timedOut = (url: string, resource_type: string) => makeRequest({ url, resource_type, status: null, failure: 'net::ERR_TIMED_OUT', failure_reason: 'timeout' });
    const font = timedOut('https://fonts.gstatic.com/s/inter/v1/a.woff2', 'font');
    const ownCdn = timedOut('https://cdn.acme-assets.com/app.js', 'script');
    expect(findingsOf(check, local(font, ownCdn))).toEqual([]);
    // Without the always-up host failing too, the machine may well be online: the site's file timed out.
    expect(findingsOf(check, local(ownCdn)).map((f) => (f.evidence!.resources as { url: string }[]).map((r) => r.url))).toEqual([['https://cdn.acme-assets.com/app.js']]);
  });
});
