import { describe, expect, it } from 'vitest';
import type { ImageFact } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check, isFileNameAlt, isPlaceholderAlt } from './image_alt_filename.js';

const img = (alt: string | null, src = 'https://docs.example.org/_images/9486a1f2c3.png', over: Partial<ImageFact> = {}): ImageFact => ({
  src, selector: 'main img', alt, width_attr: '554', height_attr: '466', display_width: 554, display_height: 466, natural_width: 554, natural_height: 466, loading: null, in_viewport: true, ...over,
});

describe('a11y.image_alt_filename', () => {
  it.each([
    ['a relative path (myst-nb falls back to the URI)', '../../../_images/9486a1f2c3.png'],
    ['a file name', 'hero_final-2x.webp'],
    ['a URL', 'https://cdn.example.org/img/team.jpg'],
    ['a camera name', 'IMG_20240512_101112'],
    ['a camera name', 'DSC01234'],
    ['the file stem', '9486a1f2c3'],
  ])('flags %s: %s', (_name, alt) => {
    expect(isFileNameAlt(alt, 'https://docs.example.org/_images/9486a1f2c3.png')).toBe(true);
  });

  it('flags the upload\'s name under the suffixes builders add to its copies (Webflow _1 and -p-500, WordPress -1024x768)', () => {
    expect(isFileNameAlt('wedding-desktop-gallery', 'https://example.org/images/wedding-desktop-gallery_1.avif')).toBe(true);
    expect(isFileNameAlt('wedding-desktop-gallery', 'https://example.org/images/wedding-desktop-gallery_1-p-500.avif')).toBe(true);
    expect(isFileNameAlt('Oak-Wardrobe-2023', 'https://example.org/wp-content/uploads/oak-wardrobe-2023-1024x768.jpg')).toBe(true);
    expect(isFileNameAlt('Wedding gallery', 'https://example.org/images/wedding-desktop-gallery_1.avif')).toBe(false);
  });

  it.each([
    ['a description', 'Reconstruction error against the number of iterations'],
    ['a description naming a format', 'Diagram of the PNG decoder pipeline'],
    ['a product name with a number', 'iPhone 15'],
    ['a short word equal to the file stem', 'logo'],
    ['a sentence ending with a file name', 'Download the poster as poster.pdf'],
  ])('passes %s: %s', (_name, alt) => {
    expect(isFileNameAlt(alt, 'https://example.org/img/logo.png')).toBe(false);
  });

  it.each(['...', '…', 'image', 'Photo', 'alt text', 'placeholder', '-', 'Lorem ipsum dolor'])('flags a placeholder a template left: %s', (alt) => {
    expect(isPlaceholderAlt(alt)).toBe(true);
  });

  it.each(['logo', 'Close', 'Photo of the team at the harbour', 'Image 3 of 5: the dock', 'x', ''])('does not take %j for a placeholder', (alt) => {
    expect(isPlaceholderAlt(alt)).toBe(false);
  });

  it('names placeholders as such, beside file names (Start Bootstrap writes alt="..." on every image)', () => {
    const page = makePage({ url: 'https://agency.example/', final_url: 'https://agency.example/', dom: makeDom({ images: [img('...', 'https://agency.example/assets/img/navbar-logo.svg'), img('...', 'https://agency.example/assets/img/portfolio/1.jpg')] }) });
    const [f] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(f).toMatchObject({ severity: 'warning', title: '2 images whose text alternative is a placeholder (“...”, …)' });
    const both = makePage({ url: 'https://agency.example/', final_url: 'https://agency.example/', dom: makeDom({ images: [img('IMG_4412', 'https://agency.example/IMG_4412.jpg'), img('image', 'https://agency.example/a.jpg')] }) });
    expect(findingsOf(check, makeBundle({ pages: [both] }))[0]!.title).toBe('2 images whose text alternative is a file name or a placeholder (“IMG_4412”, …)');
  });

  it('reports such images once per image, listing pages, as a warning; hidden and decorative ones pass', () => {
    const page = (path: string, images: ImageFact[]) => makePage({ url: `https://docs.example.org${path}`, final_url: `https://docs.example.org${path}`, dom: makeDom({ images }) });
    const bundle = makeBundle({ pages: [page('/guide/', [img('../../../_images/9486a1f2c3.png'), img('', 'https://docs.example.org/deco.png'), img('x.png', 'https://docs.example.org/x.png', { display_width: 0, display_height: 0 })]), page('/api/', [img('../../../_images/9486a1f2c3.png')])] });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ section: 'accessible', severity: 'warning', title: '1 image whose text alternative is a file name (“../../../_images/9486a1f2c3.png”)' });
    expect(f!.evidence).toMatchObject({ images: [{ pages: ['https://docs.example.org/guide/', 'https://docs.example.org/api/'] }], pages_total: 2 });
    expect(findingsOf(check, realisticSite())).toEqual([]);
  });
});
