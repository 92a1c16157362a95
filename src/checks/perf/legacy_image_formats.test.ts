import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './legacy_image_formats.js';

const KiB = 1024;
const image = (url: string, bytes: number, type: string, over: Partial<RequestRecord> = {}) =>
  makeRequest({ url, resource_type: 'image', body_bytes: bytes, response_headers: { 'content-type': type }, ...over });

describe('perf.legacy_image_formats', () => {
  it.each([
    ['a large WebP', image('https://example.com/a.webp', 300 * KiB, 'image/webp')],
    ['a large AVIF behind a .jpg URL', image('https://example.com/a.jpg', 300 * KiB, 'image/avif')],
    ['a small JPEG', image('https://example.com/a.jpg', 60 * KiB, 'image/jpeg')],
    ['a large SVG', image('https://example.com/map.svg', 300 * KiB, 'image/svg+xml')],
  ] as const)('passes: %s', (_name, request) => {
    expect(findingsOf(check, makeBundle({ pages: [makePage({ requests: [request] })] }))).toEqual([]);
  });

  it('lists large JPEG/PNG images as info, largest first', () => {
    const requests = [image('https://example.com/a.jpg', 150 * KiB, 'image/jpeg'), image('https://example.com/b.png', 400 * KiB, 'image/png')];
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ requests })] }));
    expect(f).toMatchObject({ check_id: 'perf.legacy_image_formats', severity: 'info' });
    expect((f!.evidence!.images as { url: string; format: string }[]).map((i) => [i.url, i.format])).toEqual([
      ['https://example.com/b.png', 'png'],
      ['https://example.com/a.jpg', 'jpeg'],
    ]);
  });

  it('passes a realistic clean page', () => {
    const requests = [image('https://example.com/hero.avif', 120 * KiB, 'image/avif'), image('https://example.com/icon.png', 6 * KiB, 'image/png')];
    expect(findingsOf(check, makeBundle({ pages: [makePage({ requests })] }))).toEqual([]);
  });
});
