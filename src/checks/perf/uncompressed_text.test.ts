import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check, isCompressibleType } from './uncompressed_text.js';

const res = (url: string, type: string, bytes: number, encoding?: string, over: Partial<RequestRecord> = {}) =>
  makeRequest({ url, body_bytes: bytes, response_headers: { 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}) }, ...over });
const bundle = (...requests: RequestRecord[]) => makeBundle({ pages: [makePage({ requests })] });

describe('perf.uncompressed_text', () => {
  it('knows which media types compress', () => {
    expect(['text/html', 'text/css', 'application/javascript', 'application/json', 'image/svg+xml', 'application/manifest+json'].every(isCompressibleType)).toBe(true);
    expect(['image/png', 'font/woff2', 'application/octet-stream', 'text/event-stream', 'video/mp4'].some(isCompressibleType)).toBe(false);
  });

  it.each([
    ['gzip HTML', res('https://example.com/', 'text/html; charset=utf-8', 9000, 'gzip')],
    ['Brotli JS', res('https://example.com/app.js', 'application/javascript', 90000, 'br')],
    ['zstd CSS', res('https://example.com/a.css', 'text/css', 50000, 'zstd')],
    ['a tiny JSON under one packet', res('https://example.com/api', 'application/json', 1200)],
    ['a PNG', res('https://example.com/a.png', 'image/png', 90000)],
    ['a 304', res('https://example.com/b.js', 'text/javascript', 90000, undefined, { status: 304 })],
    ['a stubbed beacon', res('https://example.com/collect', 'text/plain', 5000, undefined, { beacon_stubbed: true })],
  ] as const)('passes: %s', (_name, request) => {
    expect(findingsOf(check, bundle(request))).toEqual([]);
  });

  it('flags uncompressed text responses, largest first, as a warning over 10 KiB in total', () => {
    const [f, ...rest] = findingsOf(check, bundle(
      res('https://example.com/', 'text/html', 20 * 1024),
      res('https://example.com/app.js', 'application/javascript', 80 * 1024, 'identity'),
      res('https://cdn.vendor.test/w.json', 'application/json', 2048),
    ));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.uncompressed_text', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ total_kib: 102, responses_total: 3 });
    expect((f!.evidence!.responses as { url: string; first_party: boolean }[]).map((r) => [r.url, r.first_party])).toEqual([
      ['https://example.com/app.js', true],
      ['https://example.com/', true],
      ['https://cdn.vendor.test/w.json', false],
    ]);
  });

  it('is info when only a few small responses are uncompressed', () => {
    const [f] = findingsOf(check, bundle(res('https://example.com/icon.svg', 'image/svg+xml', 3000)));
    expect(f!.severity).toBe('info');
  });

  it('passes a realistic clean page', () => {
    expect(findingsOf(check, bundle(
      res('https://example.com/', 'text/html; charset=utf-8', 14000, 'br'),
      res('https://example.com/main.css', 'text/css', 22000, 'br'),
      res('https://example.com/app.js', 'text/javascript', 120000, 'gzip'),
      res('https://example.com/hero.webp', 'image/webp', 90000),
      res('https://example.com/font.woff2', 'font/woff2', 30000),
    ))).toEqual([]);
  });
});
