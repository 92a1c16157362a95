// Pictures on the report page: a stored page thumbnail as an inline SVG (the image plus outlines of
// elements drawn over it, scaled with it), linked to the full image. SVG geometry is attributes,
// not style, so the page keeps its strict CSP (no style attributes, images from the share path only).
import type { ElementRect, PageShot } from '../../evidence/types.js';
import { escapeHtml, safeLocalPath } from '../../html/escape.js';

export interface Outline {
  rect: ElementRect;
  /** `hl` (the offending element), `lcp` (largest paint), `shift` (moved). */
  kind: 'hl' | 'lcp' | 'shift';
}

/** Where an image id is served, or null when the report is not shown under a share link. */
export function imageHref(imageBase: string | null, id: string | null | undefined): string | null {
  if (!imageBase || !id || !/^img-\d{1,6}$/.test(id)) return null;
  return safeLocalPath(`${imageBase}${id}`);
}

const num = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : '0');

/** Outlines that fall at least partly inside the picture's region, clipped to it. */
export function visibleOutlines(shot: PageShot, outlines: readonly Outline[]): Outline[] {
  const out: Outline[] = [];
  for (const o of outlines) {
    const x1 = Math.max(o.rect.x, shot.x);
    const y1 = Math.max(o.rect.y, shot.y);
    const x2 = Math.min(o.rect.x + o.rect.width, shot.x + shot.width);
    const y2 = Math.min(o.rect.y + o.rect.height, shot.y + shot.height);
    if (x2 - x1 < 1 || y2 - y1 < 1) continue;
    // An outline around most of the picture (the <html> or <body> element) points at nothing.
    if ((x2 - x1) * (y2 - y1) > 0.6 * shot.width * shot.height) continue;
    out.push({ kind: o.kind, rect: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } });
  }
  return out;
}

/** Smallest picture width shown when zoomed in on outlines (document pixels): enough context to recognise the place. */
const MIN_ZOOM_WIDTH = 480;

/**
 * The part of the picture around the outlines, padded and widened to the picture's aspect ratio,
 * kept inside it: small elements on a wide page stay visible in a thumbnail.
 */
export function zoomRegion(shot: PageShot, outlines: readonly Outline[]): { x: number; y: number; width: number; height: number } {
  if (!outlines.length) return shot;
  const x1 = Math.min(...outlines.map((o) => o.rect.x)) - 40;
  const y1 = Math.min(...outlines.map((o) => o.rect.y)) - 40;
  const x2 = Math.max(...outlines.map((o) => o.rect.x + o.rect.width)) + 40;
  const y2 = Math.max(...outlines.map((o) => o.rect.y + o.rect.height)) + 40;
  const aspect = shot.height / shot.width;
  const width = Math.min(shot.width, Math.max(MIN_ZOOM_WIDTH, x2 - x1, (y2 - y1) / aspect));
  const height = width * aspect;
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));
  const x = clamp((x1 + x2) / 2 - width / 2, shot.x, shot.x + shot.width - width);
  const y = clamp((y1 + y2) / 2 - height / 2, shot.y, shot.y + shot.height - height);
  return { x, y, width, height };
}

/**
 * The picture with its outlines, as a link to the full image. `label` says what it shows (the
 * link's name); `cls` sizes it. Without a servable image: the empty string.
 */
export function renderShot(imageBase: string | null, shot: PageShot | null | undefined, opts: { label: string; cls: string; outlines?: readonly Outline[]; zoom?: boolean }): string {
  const href = shot ? imageHref(imageBase, shot.image) : null;
  if (!shot || !href) return '';
  const shown = visibleOutlines(shot, opts.outlines ?? []).slice(0, 8);
  const v = opts.zoom ? zoomRegion(shot, shown) : shot;
  const box = `${num(v.x)} ${num(v.y)} ${num(v.width)} ${num(v.height)}`;
  // Strokes do not scale (vector-effect in the stylesheet), so outlines read the same at any size.
  const rects = shown
    .map((o) => `<rect class="ol-${o.kind}" x="${num(o.rect.x)}" y="${num(o.rect.y)}" width="${num(o.rect.width)}" height="${num(o.rect.height)}"/>`)
    .join('');
  return (
    `<a class="shot ${escapeHtml(opts.cls)}" href="${escapeHtml(href)}">` +
    `<svg viewBox="${box}" role="img" aria-label="${escapeHtml(opts.label)}" preserveAspectRatio="xMinYMin slice">` +
    `<image href="${escapeHtml(href)}" x="${num(shot.x)}" y="${num(shot.y)}" width="${num(shot.width)}" height="${num(shot.height)}"/>${rects}</svg></a>`
  );
}
