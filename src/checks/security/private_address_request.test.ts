import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './private_address_request.js';

const refused = (url: string, reason: string, over = {}) =>
  makeRequest({ url, resource_type: 'script', status: 403, blocked: true, failure_reason: 'guard_private', guard_reason: reason, ...over });
/** A page, with the host class capture recorded: public unless the host is on a private address. */
const on = (url: string, ...requests: ReturnType<typeof makeRequest>[]) =>
  makePage({ url, final_url: url, requests, host_address: /^https?:\/\/(10\.|intranet\.)/.test(url) ? 'private' : 'public' });

describe('security.private_address_request', () => {
  const valid = [
    ['a public page with public assets', makeBundle({ pages: [on('https://example.com/', makeRequest())] })],
    ['an intranet page (itself on a private address) using another private host', makeBundle({ pages: [on('http://10.0.0.2/', refused('http://10.0.0.9/a.js', '10.0.0.9 is a private address (RFC 1918)'))] })],
    ['an intranet page on a host name that resolves to a private address', makeBundle({ pages: [on('https://intranet.corp.example/', refused('http://10.0.0.9/a.js', '10.0.0.9 is a private address (RFC 1918)'))] })],
    [
      'a page whose host class capture did not record (older evidence, or the host did not resolve)',
      makeBundle({ pages: [{ ...on('https://example.com/', refused('http://localhost:3000/main.js', 'localhost is the local host')), host_address: undefined }, makePage({ url: 'https://example.com/b', final_url: 'https://example.com/b', host_address: null, requests: [refused('http://localhost:3000/main.js', 'localhost is the local host')] })] }),
    ],
    ['a guard refusal of browser background traffic', makeBundle({ pages: [on('https://example.com/', makeRequest({ url: 'https://update.googleapis.com/x', blocked: true, status: 403, failure_reason: 'guard' }))] })],
    ['a host that does not resolve (http.unreachable_host)', makeBundle({ pages: [on('https://example.com/', makeRequest({ blocked: true, status: null, failure_reason: 'dns' }))] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports a leftover localhost asset once per host, with the guard reason and pages', () => {
    const dev = refused('http://localhost:3000/main.js', 'localhost is the local host');
    const bundle = makeBundle({ pages: [on('https://example.com/', dev), on('https://example.com/about', dev, refused('http://192.168.1.20/logo.png', '192.168.1.20 is a private address (RFC 1918)', { resource_type: 'image' }))] });
    const findings = findingsOf(check, bundle);
    expect(findings.map((f) => [f.section, f.severity, f.evidence!.host, f.evidence!.pages_total])).toEqual([
      ['compliant', 'warning', 'localhost', 2],
      ['compliant', 'warning', '192.168.1.20', 1],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ reason: 'localhost is the local host', resources: [{ url: 'http://localhost:3000/main.js' }] });
  });

  it('reads older bundles through the refusal list', () => {
    const old = makeRequest({ url: 'http://10.1.2.3/a.css', resource_type: 'stylesheet', status: 403, blocked: true });
    const bundle = makeBundle({ pages: [on('https://example.com/', old)], blocked: [{ url: 'http://10.1.2.3/a.css', reason: '10.1.2.3 is a private address (RFC 1918)', page: null }] });
    expect(findingsOf(check, bundle).map((f) => f.evidence!.host)).toEqual(['10.1.2.3']);
  });
});
