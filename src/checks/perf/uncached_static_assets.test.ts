import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './uncached_static_assets.js';

const asset = (url: string, headers: Record<string, string>, over: Partial<RequestRecord> = {}) =>
  makeRequest({ url, transfer_bytes: 20 * 1024, resource_type: url.endsWith('.css') ? 'stylesheet' : url.endsWith('.js') ? 'script' : 'image', response_headers: headers, ...over });
const bundle = (...requests: RequestRecord[]) => makeBundle({ pages: [makePage({ requests })] });

describe('perf.uncached_static_assets', () => {
  it.each([
    ['a year-long immutable asset', asset('https://example.com/app.3f2a.js', { 'cache-control': 'public, max-age=31536000, immutable' })],
    ['a deliberate no-cache', asset('https://example.com/app.js', { 'cache-control': 'no-cache', etag: '"abc"' })],
    ['a deliberate max-age=0, must-revalidate (Netlify default)', asset('https://example.com/app.css', { 'cache-control': 'public, max-age=0, must-revalidate' })],
    ['a third-party tag with a short lifetime', asset('https://www.googletagmanager.com/gtag/js', { 'cache-control': 'private, max-age=900' })],
    ['a third-party script with no headers', asset('https://cdn.vendor.test/w.js', {})],
    ['a stubbed beacon', asset('https://example.com/pixel.gif', {}, { beacon_stubbed: true })],
    ['a blocked request', asset('https://example.com/x.js', {}, { blocked: true })],
    ['a 304 revalidation', asset('https://example.com/y.js', {}, { status: 304 })],
    ['the HTML document with no-store', makeRequest({ url: 'https://example.com/', resource_type: 'document', is_navigation: true, response_headers: { 'cache-control': 'no-store' } })],
  ] as const)('passes: %s', (_name, request) => {
    expect(findingsOf(check, bundle(request))).toEqual([]);
  });

  it('flags first-party assets with no lifetime or one shorter than a day, shortest first', () => {
    const [f, ...rest] = findingsOf(check, bundle(
      asset('https://example.com/site.css', { 'cache-control': 'max-age=3600' }),
      asset('https://example.com/logo.png', { 'last-modified': 'Mon, 01 Dec 2025 00:00:00 GMT' }),
      asset('https://static.example.com/app.js', { expires: 'Thu, 01 Jan 2026 00:10:00 GMT', date: 'Thu, 01 Jan 2026 00:00:00 GMT' }),
    ));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.uncached_static_assets', severity: 'warning' });
    expect((f!.evidence!.assets as { url: string; ttl: string; cache_control: string | null }[]).map((a) => [a.url, a.ttl, a.cache_control])).toEqual([
      ['https://example.com/logo.png', 'none (no max-age or Expires)', null],
      ['https://static.example.com/app.js', '10 min', null],
      ['https://example.com/site.css', '1 h', 'max-age=3600'],
    ]);
  });

  it('is info when the uncached files total under 28 KiB (a couple of small icons)', () => {
    const [f] = findingsOf(check, bundle(asset('https://example.com/icon.svg', {}, { transfer_bytes: 400 }), asset('https://example.com/b.svg', {}, { transfer_bytes: 600 })));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ total_kib: 1, assets_total: 2 });
  });

  it('lists an asset once with the number of pages it appeared on', () => {
    const css = asset('https://example.com/site.css', {});
    const pages = ['/', '/a'].map((p) => makePage({ url: `https://example.com${p}`, requests: [css, css] }));
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.evidence!.assets).toEqual([expect.objectContaining({ url: css.url, pages: 2 })]);
  });

  it('passes a realistic clean page', () => {
    expect(findingsOf(check, bundle(
      makeRequest({ url: 'https://example.com/', resource_type: 'document', is_navigation: true, response_headers: { 'cache-control': 'no-cache' } }),
      asset('https://example.com/_next/static/chunks/main-1a2b.js', { 'cache-control': 'public, max-age=31536000, immutable' }),
      asset('https://example.com/_next/static/css/a1b2.css', { 'cache-control': 'public, max-age=31536000, immutable' }),
      asset('https://example.com/hero.webp', { 'cache-control': 'public, max-age=604800' }),
      asset('https://www.google-analytics.com/analytics.js', { 'cache-control': 'public, max-age=7200' }),
    ))).toEqual([]);
  });
});
