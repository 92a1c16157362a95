// Picture geometry: outlines clipped to the picture, the zoom around them, and which image ids are served.
import { describe, expect, it } from 'vitest';
import { imageHref, renderShot, visibleOutlines, zoomRegion, type Outline } from './shots.js';

const SHOT = { image: 'img-001', x: 0, y: 0, width: 1280, height: 800 };
const hl = (x: number, y: number, width: number, height: number): Outline => ({ kind: 'hl', rect: { x, y, width, height } });

describe('page pictures', () => {
  it('serves only well-formed image ids under the share path', () => {
    expect(imageHref('/r/tok/images/', 'img-004')).toBe('/r/tok/images/img-004');
    expect(imageHref(null, 'img-004')).toBeNull();
    expect(imageHref('/r/tok/images/', '../x')).toBeNull();
    expect(imageHref('//evil.example/', 'img-001')).toBeNull();
  });

  it('keeps outlines inside the picture, clipped, and drops what is below it or covers the whole page', () => {
    expect(visibleOutlines(SHOT, [hl(100, 100, 50, 20), hl(100, 900, 50, 20), hl(1200, 790, 200, 50), hl(0, 0, 1280, 2000)])).toEqual([
      hl(100, 100, 50, 20),
      hl(1200, 790, 80, 10),
    ]);
  });

  it('zooms around the outlines at the picture aspect ratio, at least 480 px wide, inside the picture', () => {
    expect(zoomRegion(SHOT, [])).toEqual(SHOT);
    const z = zoomRegion(SHOT, [hl(600, 300, 40, 20)]);
    expect(z).toEqual({ x: 380, y: 160, width: 480, height: 300 });
    const corner = zoomRegion(SHOT, [hl(1250, 780, 20, 10)]);
    expect(corner).toEqual({ x: 800, y: 500, width: 480, height: 300 });
    const wide = zoomRegion(SHOT, [hl(0, 0, 1280, 100)]);
    expect(wide).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
  });

  it('draws an SVG linked to the full image, with no style attribute, and nothing without an image base', () => {
    const html = renderShot('/r/tok/images/', SHOT, { label: 'A "label"', cls: 'shot-finding', outlines: [hl(600, 300, 40, 20)], zoom: true });
    expect(html).toBe(
      '<a class="shot shot-finding" href="/r/tok/images/img-001"><svg viewBox="380 160 480 300" role="img" aria-label="A &quot;label&quot;" preserveAspectRatio="xMinYMin slice">' +
        '<image href="/r/tok/images/img-001" x="0" y="0" width="1280" height="800"/><rect class="ol-hl" x="600" y="300" width="40" height="20"/></svg></a>',
    );
    expect(renderShot(null, SHOT, { label: 'x', cls: 'shot-page' })).toBe('');
    expect(renderShot('/r/tok/images/', null, { label: 'x', cls: 'shot-page' })).toBe('');
  });
});
