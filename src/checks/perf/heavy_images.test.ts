import { describe, expect, it } from 'vitest';
import type { ImageFact, RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check } from './heavy_images.js';

const KiB = 1024;
const image = (url: string, bytes: number, type = 'image/jpeg', over: Partial<RequestRecord> = {}) =>
  makeRequest({ url, resource_type: 'image', body_bytes: bytes, response_headers: { 'content-type': type }, ...over });
const fact = (src: string, w: number, h: number): ImageFact => ({
  src, selector: 'img', alt: '', width_attr: null, height_attr: null, display_width: w, display_height: h,
  natural_width: w, natural_height: h, loading: null, in_viewport: true,
});
const page = (requests: RequestRecord[], images: ImageFact[] = []) => makePage({ requests, dom: makeDom({ images }) });

describe('perf.heavy_images', () => {
  it.each([
    ['a 400 KiB well-compressed 1920×1080 JPEG', [image('https://example.com/hero.jpg', 400 * KiB)], [fact('https://example.com/hero.jpg', 1920, 1080)]],
    ['a 900 KiB image of unknown size', [image('https://example.com/bg.jpg', 900 * KiB)], []],
    ['a heavy ad creative from a third-party frame', [image('https://ads.adnetwork.test/creative.gif', 3000 * KiB, 'image/gif')], []],
    ['a heavy image our guard blocked', [image('https://example.com/big.png', 3000 * KiB, 'image/png', { blocked: true })], []],
  ] as const)('passes: %s', (_name, requests, images) => {
    expect(findingsOf(check, makeBundle({ pages: [page([...requests], [...images])] }))).toEqual([]);
  });

  it('flags an image over 1 MiB, and a densely stored one, largest first', () => {
    const requests = [
      image('https://example.com/team.png', 600 * KiB, 'image/png'),
      image('https://example.com/camera.jpg', 4200 * KiB),
    ];
    const images = [fact('https://example.com/team.png', 500, 400)];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page(requests, images)] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.heavy_images', severity: 'warning' });
    expect(f!.evidence!.images).toEqual([
      expect.objectContaining({ url: 'https://example.com/camera.jpg', kib: 4200, reason: 'over 1024 KiB' }),
      expect.objectContaining({ url: 'https://example.com/team.png', format: 'png', natural: '500×400', bytes_per_pixel: 3.07 }),
    ]);
  });

  it('counts an image the page embeds from its CDN on another domain', () => {
    const url = 'https://images.ctfassets.net/abc/photo.jpg';
    const [f] = findingsOf(check, makeBundle({ pages: [page([image(url, 2000 * KiB)], [fact(url, 1200, 800)])] }));
    expect(f!.evidence!.images_total).toBe(1);
  });

  it('passes a realistic clean page', () => {
    const requests = [image('https://example.com/hero.webp', 160 * KiB, 'image/webp'), image('https://example.com/logo.svg', 4 * KiB, 'image/svg+xml')];
    const images = [fact('https://example.com/hero.webp', 1600, 900), fact('https://example.com/logo.svg', 120, 40)];
    expect(findingsOf(check, makeBundle({ pages: [page(requests, images)] }))).toEqual([]);
  });
});
