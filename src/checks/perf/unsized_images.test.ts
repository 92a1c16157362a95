import { describe, expect, it } from 'vitest';
import type { ImageFact } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check, isExplicitSize } from './unsized_images.js';

const img = (over: Partial<ImageFact>): ImageFact => ({
  src: 'https://example.com/a.jpg', selector: 'main > img', alt: '', width_attr: '800', height_attr: '600',
  display_width: 400, display_height: 300, natural_width: 800, natural_height: 600, loading: null, in_viewport: true,
  ...over,
});
const bundle = (...images: ImageFact[]) => makeBundle({ pages: [makePage({ dom: makeDom({ images }) })] });

describe('perf.unsized_images', () => {
  it('reads size attributes the way the HTML spec and Lighthouse do', () => {
    expect(['0', '640', '640px', '50%'].every(isExplicitSize)).toBe(true);
    expect([null, '', '+5', 'auto', '-1'].some(isExplicitSize)).toBe(false);
  });

  it.each([
    ['both attributes', img({})],
    ['a hidden image', img({ width_attr: null, display_width: 0, display_height: 0 })],
    ['a 1×1 tracking pixel', img({ width_attr: null, height_attr: null, display_width: 1, display_height: 1 })],
    ['an inline SVG data URI', img({ src: 'data:image/svg+xml,<svg/>', width_attr: null })],
    ['CSS width and height in its style attribute (a component\'s style="width:28px;height:28px")', img({ width_attr: null, height_attr: null, style_size: { width: '28px', height: '28px', aspect_ratio: null } })],
    ['a width attribute and a CSS height', img({ height_attr: null, style_size: { width: null, height: '10rem', aspect_ratio: null } })],
    ['a CSS aspect-ratio with a CSS width', img({ width_attr: null, height_attr: null, style_size: { width: '100%', height: null, aspect_ratio: '16 / 9' } })],
    ['width and height from a stylesheet rule (a theme\'s .logo{width:2rem;height:2rem})', img({ width_attr: null, height_attr: null, sheet_size: { width: '2rem', height: '2rem', aspect_ratio: null } })],
    ['a stylesheet aspect-ratio with a width in its style attribute', img({ width_attr: null, height_attr: null, style_size: { width: '100%', height: null, aspect_ratio: null }, sheet_size: { width: null, height: null, aspect_ratio: '4 / 3' } })],
    ['positioned absolute or fixed (a blurred header image filling its box): out of the flow, as Lighthouse skips it', img({ width_attr: null, height_attr: null, out_of_flow: true })],
  ] as const)('passes: %s', (_name, image) => {
    expect(findingsOf(check, bundle(image))).toEqual([]);
  });

  it('lists images missing a width or height attribute as info, with the CSS caveat', () => {
    const [f] = findingsOf(check, bundle(img({ height_attr: null, selector: '#hero' }), img({ src: 'https://example.com/b.jpg', width_attr: null, height_attr: null })));
    expect(f).toMatchObject({ check_id: 'perf.unsized_images', severity: 'info' });
    expect(f!.evidence).toMatchObject({ images_total: 2 });
    expect(f!.evidence!.images).toEqual([
      expect.objectContaining({ url: 'https://example.com/a.jpg', selector: '#hero', height_attr: null, displayed: '400×300' }),
      expect.objectContaining({ url: 'https://example.com/b.jpg' }),
    ]);
    expect(String(f!.evidence!.note)).toContain('aspect-ratio');
  });

  it('counts one file shown unsized in two places as two images, and one place on several pages once', () => {
    const logo = { src: 'https://example.com/img/logo.svg', width_attr: null, height_attr: null };
    const page = (url: string, ...images: ImageFact[]) => makePage({ url, final_url: url, dom: makeDom({ images }) });
    const [f] = findingsOf(check, makeBundle({ pages: [
      page('https://example.com/', img({ ...logo, selector: 'nav > a > img', display_width: 47, display_height: 32 }), img({ ...logo, selector: 'article > img', display_width: 297, display_height: 200 })),
      page('https://example.com/docs/', img({ ...logo, selector: 'nav > a > img', display_width: 47, display_height: 32 })),
    ] }));
    expect(f!.title).toBe('2 images without width and height attributes');
    expect(f!.evidence!.images).toEqual([
      expect.objectContaining({ selector: 'nav > a > img', displayed: '47×32', pages: 2 }),
      expect.objectContaining({ selector: 'article > img', displayed: '297×200', pages: 1 }),
    ]);
  });

  it('still lists an image whose style sizes one side only, or says auto', () => {
    const [f] = findingsOf(check, bundle(img({ width_attr: null, height_attr: null, style_size: { width: '28px', height: null, aspect_ratio: null } }), img({ src: 'https://example.com/b.jpg', width_attr: null, height_attr: null, style_size: { width: 'auto', height: 'auto', aspect_ratio: '1' } })));
    expect(f!.evidence).toMatchObject({ images_total: 2 });
  });

  it('counts one component under each page\'s own heading id once (#arrcompact > span > img, #arrcount > span > img)', () => {
    const logo = (heading: string) => img({ src: 'https://example.com/js.svg', width_attr: null, height_attr: null, selector: `#${heading} > span > img` });
    const [f] = findingsOf(check, bundle(logo('arrcompact'), logo('arrcount'), img({ src: 'https://example.com/js.svg', width_attr: null, height_attr: null, selector: '#site-logo' })));
    expect(f!.title).toBe('2 images without width and height attributes');
  });

  it('counts one placeholder repeated in a grid once', () => {
    const cards = Array.from({ length: 24 }, (_, i) => img({ src: 'https://example.com/img/placeholder.png', width_attr: null, height_attr: null, selector: `main > ul > li:nth-of-type(${i + 1}) > img` }));
    const [f] = findingsOf(check, bundle(...cards));
    expect(f!.title).toBe('1 image without width and height attributes');
  });

  it('leaves out an image the audit could not load (its broken-image box says nothing of the page)', () => {
    const emoji = img({ src: 'https://github.githubassets.com/images/icons/emoji/unicode/2714.png', width_attr: null, height_attr: null, display_width: 188, display_height: 34 });
    const refused = makeRequest({ url: emoji.src, resource_type: 'image', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard' });
    expect(findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ images: [emoji] }), requests: [refused] })] }))).toEqual([]);
  });

  it('passes a realistic clean page', () => {
    expect(findingsOf(check, bundle(img({}), img({ src: 'https://example.com/logo.svg', width_attr: '120', height_attr: '40' })))).toEqual([]);
  });
});
