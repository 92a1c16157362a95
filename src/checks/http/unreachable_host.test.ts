import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { realisticSite } from './support/realistic_site.js';
import { check } from './unreachable_host.js';
import { check as failedResource } from './failed_resource.js';

const DEAD = 'cdn.example.invalid could not be resolved (ENOTFOUND)';
const dead = (url: string, resource_type: string) =>
  makeRequest({ url, resource_type, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns', guard_reason: DEAD });
const page = (url: string, ...requests: ReturnType<typeof makeRequest>[]) =>
  makePage({ url, final_url: url, requests, dom: makeDom({ scripts: [{ src: 'https://cdn.example.invalid/app.js', async: false, defer: true, type: null, in_head: true }] }) });

describe('http.unreachable_host', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a navigation cancelled by the next one', makeBundle({ pages: [page('https://example.com/', makeRequest({ resource_type: 'image', status: null, failure: 'net::ERR_ABORTED', failure_reason: 'aborted' }))] })],
    ['a beacon the run stubbed', makeBundle({ pages: [page('https://example.com/', makeRequest({ url: 'https://www.google-analytics.com/g/collect', resource_type: 'ping', status: null, failure: 'net::ERR_FAILED', beacon_stubbed: true }))] })],
    ['an API call to a dead host (not an asset: the page may handle it)', makeBundle({ pages: [page('https://example.com/', dead('https://api.example.invalid/cart', 'fetch'))] })],
    ['an analytics loader on a dead host (Measured: tracking.installed_not_firing)', makeBundle({ pages: [page('https://example.com/', dead('https://metrics.example.invalid/gtag/js?id=G-ABC123', 'script'))] })],
    ['a CSP block (the site decided it)', makeBundle({ pages: [page('https://example.com/', makeRequest({ url: 'https://x.example.net/a.js', status: null, failure: 'csp', failure_reason: 'csp' }))] })],
    ['a private-address refusal (security.private_address_request)', makeBundle({ pages: [page('https://example.com/', makeRequest({ url: 'http://10.0.0.5/a.js', status: 403, blocked: true, failure_reason: 'guard_private' }))] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports a dead CDN once, listing its resources and pages, critical when the page HTML needs its script', () => {
    const bundle = makeBundle({
      pages: [
        page('https://example.com/', dead('https://cdn.example.invalid/app.js', 'script'), dead('https://cdn.example.invalid/hero.jpg', 'image')),
        page('https://example.com/menu', dead('https://cdn.example.invalid/app.js', 'script')),
      ],
    });
    const findings = findingsOf(check, bundle);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'critical', section: 'works' });
    expect(findings[0]!.evidence).toMatchObject({
      host: 'cdn.example.invalid', reason: 'dns', resources_total: 2, pages_total: 2,
      resources: [{ url: 'https://cdn.example.invalid/app.js', pages: ['https://example.com/', 'https://example.com/menu'] }, { url: 'https://cdn.example.invalid/hero.jpg' }],
    });
  });

  it('leaves a host that answered other requests of the run to http.failed_resource: a refusal from it was a passing fault', () => {
    const refusedOnce = makeRequest({ url: 'https://static.example.net/b.css', resource_type: 'stylesheet', status: null, failure: 'net::ERR_CONNECTION_REFUSED', failure_reason: 'refused' });
    const served = makeRequest({ url: 'https://static.example.net/a.css', resource_type: 'stylesheet', status: 200 });
    const bundle = makeBundle({ pages: [page('https://example.com/', served), page('https://example.com/menu', refusedOnce)] });
    expect(findingsOf(check, bundle)).toEqual([]);
    // Another port of that host is another server: refusing there is still a host that cannot be reached.
    const otherPort = makeRequest({ url: 'https://static.example.net:8443/c.css', resource_type: 'stylesheet', status: null, failure: 'net::ERR_CONNECTION_REFUSED', failure_reason: 'refused' });
    expect(findingsOf(check, makeBundle({ pages: [page('https://example.com/', served, otherPort)] })).map((f) => f.evidence!.host)).toEqual(['static.example.net']);
    expect(findingsOf(failedResource, bundle).flatMap((f) => (f.evidence!.resources as { url: string }[]).map((r) => r.url))).toEqual(['https://static.example.net/b.css']);
  });

  it('rates a host serving only images as a warning, one finding per host', () => {
    const bundle = makeBundle({
      pages: [page('https://example.com/', dead('https://img.example.invalid/a.jpg', 'image'), makeRequest({ url: 'https://fonts.example.net/f.woff2', resource_type: 'font', status: null, failure: 'net::ERR_CONNECTION_REFUSED' }))],
    });
    expect(findingsOf(check, bundle).map((f) => [f.severity, f.evidence!.host, f.evidence!.reason])).toEqual([
      ['warning', 'img.example.invalid', 'dns'],
      ['warning', 'fonts.example.net', 'refused'],
    ]);
  });

  it('reads older bundles from the guard refusal list', () => {
    const old = makeRequest({ url: 'https://cdn.example.invalid/app.js', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true });
    const bundle = makeBundle({ pages: [page('https://example.com/', old)], blocked: [{ url: 'https://cdn.example.invalid:443/', reason: DEAD, page: null }] });
    expect(findingsOf(check, bundle).map((f) => f.severity)).toEqual(['critical']);
  });

  describe('on an audit machine without internet access (a local copy audited offline)', () => {
    const LOCAL = 'http://127.0.0.1:8080/';
    const notResolved = (url: string, resource_type: string) =>
      makeRequest({ url, resource_type, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns', guard_reason: `${new URL(url).hostname} could not be resolved (ENOTFOUND)` });
    const fonts = notResolved('https://fonts.googleapis.com/css2?family=Inter', 'stylesheet');
    const ownCdn = notResolved('https://cdn.acme-assets.com/app.js', 'script');
    const local = (...requests: ReturnType<typeof makeRequest>[]) => makePage({ url: LOCAL, final_url: LOCAL, requests, dom: makeDom({ scripts: [{ src: 'https://cdn.acme-assets.com/app.js', async: false, defer: true, type: null, in_head: true }] }) });

    it('files the public hosts it could not reach as one info finding, naming the always-up host that failed too', () => {
      const findings = findingsOf(check, makeBundle({ pages: [local(fonts, ownCdn)] }));
      expect(findings.map((f) => f.severity)).toEqual(['info']);
      expect(findings[0]!.title).toMatch(/^Not verified: 2 public host\(s\) could not be reached from the audit's machine, which has no internet access \(fonts\.googleapis\.com failed too\)/);
      expect(findings[0]!.evidence).toMatchObject({ offline_witness: 'fonts.googleapis.com', hosts: ['cdn.acme-assets.com', 'fonts.googleapis.com'], needed_by_page_html: ['https://cdn.acme-assets.com/app.js'] });
      expect(findingsOf(failedResource, makeBundle({ pages: [local(fonts, ownCdn)] }))).toEqual([]);
    });

    it('still reports a reserved name that fails everywhere, and a dead host when nothing shows the machine offline', () => {
      const reserved = dead('https://cdn.example.invalid/app.js', 'script');
      expect(findingsOf(check, makeBundle({ pages: [local(fonts, reserved)] })).map((f) => [f.severity, f.evidence!.host ?? f.evidence!.hosts])).toEqual([
        ['warning', 'cdn.example.invalid'],
        ['info', ['fonts.googleapis.com']],
      ]);
      expect(findingsOf(check, makeBundle({ pages: [local(ownCdn)] })).map((f) => [f.severity, f.evidence!.host])).toEqual([['critical', 'cdn.acme-assets.com']]);
    });

    it('is not offline when a public host answered: Google Fonts failing there is a fact about the site', () => {
      const answered = makeRequest({ url: 'https://static.acme-assets.com/a.css', resource_type: 'stylesheet', status: 200 });
      expect(findingsOf(check, makeBundle({ pages: [local(fonts, ownCdn, answered)] })).map((f) => [f.severity, f.evidence!.host])).toEqual([
        ['warning', 'fonts.googleapis.com'],
        ['critical', 'cdn.acme-assets.com'],
      ]);
    });
  });
});
