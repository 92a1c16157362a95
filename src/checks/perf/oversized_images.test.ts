import { describe, expect, it } from 'vitest';
import type { ImageFact } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check } from './oversized_images.js';

const KiB = 1024;
const img = (over: Partial<ImageFact>): ImageFact => ({
  src: 'https://example.com/hero.jpg', selector: 'main > img', alt: '', width_attr: null, height_attr: null,
  display_width: 400, display_height: 300, natural_width: 800, natural_height: 600, loading: null, in_viewport: true,
  ...over,
});
const pageWith = (images: ImageFact[], bytes: Record<string, number>, path = '/') =>
  makePage({
    url: `https://example.com${path}`,
    dom: makeDom({ images }),
    requests: Object.entries(bytes).map(([url, b]) =>
      makeRequest({ url, resource_type: 'image', body_bytes: b, response_headers: { 'content-type': url.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg' } }),
    ),
  });

describe('perf.oversized_images', () => {
  const valid: [string, ImageFact, number][] = [
    ['an image at exactly 2x its displayed size', img({}), 400 * KiB],
    ['a 4x image too small to matter', img({ natural_width: 1600, natural_height: 1200 }), 20 * KiB],
    ['an SVG shown small', img({ src: 'https://example.com/logo.svg', natural_width: 4000, natural_height: 4000 }), 300 * KiB],
    ['a hidden image', img({ display_width: 0, display_height: 0, natural_width: 4000, natural_height: 3000 }), 900 * KiB],
    // object-fit: cover scales a 1600×800 banner to 800×400 to fill a 400×400 card and crops the sides:
    // 800×400 drawn, 1600×800 is exactly the 2x allowance.
    ['a wide banner cropped into a square card with object-fit: cover', img({ display_width: 400, display_height: 400, natural_width: 1600, natural_height: 800, object_fit: 'cover' }), 400 * KiB],
    ['object-fit: none draws the file at its own size', img({ display_width: 200, display_height: 200, natural_width: 1200, natural_height: 900, object_fit: 'none' }), 400 * KiB],
  ];
  it.each(valid)('passes: %s', (_name, image, bytes) => {
    expect(findingsOf(check, makeBundle({ pages: [pageWith([image], { [image.src]: bytes })] }))).toEqual([]);
  });

  it('flags a 3000px photo shown as a 300px thumbnail with its sizes and estimated waste', () => {
    const image = img({ display_width: 300, display_height: 200, natural_width: 3000, natural_height: 2000 });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [pageWith([image], { [image.src]: 800 * KiB })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.oversized_images', severity: 'warning' });
    // needs 600×400 of 3000×2000 pixels: 96% of 800 KiB is waste.
    expect(f!.evidence).toMatchObject({ estimated_wasted_kib: 768, images_total: 1 });
    expect(f!.evidence!.images).toEqual([
      expect.objectContaining({ url: image.src, natural: '3000×2000', displayed: '300×200', kib: 800, wasted_kib: 768, pages: 1 }),
    ]);
  });

  it('judges object-fit: contain by the size the file is drawn at, smaller than its box', () => {
    // A 4000×1000 panorama fitted into a 400×400 box is drawn 400×100: 800×200 needed of 4000×1000.
    const image = img({ display_width: 400, display_height: 400, natural_width: 4000, natural_height: 1000, object_fit: 'contain' });
    const [f] = findingsOf(check, makeBundle({ pages: [pageWith([image], { [image.src]: 500 * KiB })] }));
    expect(f!.evidence!.images).toEqual([
      expect.objectContaining({ displayed: '400×400', object_fit: 'contain', drawn: '400×100', wasted_kib: 480 }),
    ]);
    // The same file cropped to cover the box is drawn 1600×400: 3200×800 needed, 64% of the file.
    const covered = { ...image, object_fit: 'cover' as const };
    const [c] = findingsOf(check, makeBundle({ pages: [pageWith([covered], { [image.src]: 500 * KiB })] }));
    expect(c!.evidence!.images).toEqual([expect.objectContaining({ object_fit: 'cover', drawn: '1600×400', wasted_kib: 180 })]);
  });

  it('judges a file shown in several places on a page by its largest copy (a carousel and a sidebar widget)', () => {
    const src = 'https://example.com/product01.png';
    const widget = img({ src, selector: 'aside img', display_width: 60, display_height: 60, natural_width: 600, natural_height: 600 });
    const carousel = img({ src, selector: '.slick-slide img', display_width: 263, display_height: 263, natural_width: 600, natural_height: 600 });
    // Needed at the carousel: 526×526 of 600×600 pixels, 77%: 23% of 80 KiB is under the 20 KiB floor.
    expect(findingsOf(check, makeBundle({ pages: [pageWith([widget, carousel], { [src]: 80 * KiB })] }))).toEqual([]);
    // Shown only in the widget it is oversized.
    expect(findingsOf(check, makeBundle({ pages: [pageWith([widget], { [src]: 80 * KiB })] }))).toHaveLength(1);
  });

  it('lists a template image once with the number of pages, and is info below 100 KiB of total waste', () => {
    const image = img({ natural_width: 1600, natural_height: 1200 });
    const pages = ['/', '/a', '/b'].map((p) => pageWith([image], { [image.src]: 40 * KiB }, p));
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.severity).toBe('info');
    expect(f!.evidence!.images).toEqual([expect.objectContaining({ url: image.src, pages: 3, wasted_kib: 30 })]);
  });

  it('passes a realistic clean page with responsive images', () => {
    const images = [
      img({ src: 'https://example.com/hero-1280.webp', display_width: 1280, display_height: 600, natural_width: 1280, natural_height: 600 }),
      img({ src: 'https://example.com/team-800.jpg', display_width: 400, display_height: 400, natural_width: 800, natural_height: 800 }),
      img({ src: 'https://example.com/logo.svg', display_width: 120, display_height: 40, natural_width: 120, natural_height: 40 }),
    ];
    const bytes = { [images[0]!.src]: 180 * KiB, [images[1]!.src]: 90 * KiB, [images[2]!.src]: 3 * KiB };
    expect(findingsOf(check, makeBundle({ pages: [pageWith(images, bytes)] }))).toEqual([]);
  });
});
