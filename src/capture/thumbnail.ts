// A page's picture for the report: the viewport as it stands, downscaled in the browser and encoded
// as WebP, so one image costs a few KB and a few tens of ms. Taken once per page after its snapshot.
import type { Page } from 'playwright-core';
import type { PageShot } from '../evidence/types.js';
import { within } from './time.js';

/** The picture's width in CSS pixels of the image (half the 1280 px viewport). */
export const THUMBNAIL_SCALE = 0.5;
const QUALITY = 50;

export interface Thumbnail {
  data: Buffer;
  /** Size of the image in pixels. */
  width: number;
  height: number;
  /** The document rectangle it shows, in CSS pixels (element rects are in these units). */
  region: { x: number; y: number; width: number; height: number };
}

/**
 * Paints over every text node and field showing one of `texts` (case-insensitive) with boxes on top of
 * the page, for the length of one picture; returns how many boxes. Plain JavaScript in a string (see
 * identity.ts). The boxes are removed by UNMASK_SCRIPT.
 */
const MASK_SCRIPT = `(texts) => {
  const wanted = texts.map((t) => t.toLowerCase());
  const shows = (s) => { const v = (s || '').toLowerCase(); return wanted.some((t) => v.includes(t)); };
  const rects = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!shows(n.nodeValue)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of Array.from(range.getClientRects())) rects.push(r);
  }
  for (const el of Array.from(document.querySelectorAll('input, textarea'))) if (shows(el.value)) rects.push(el.getBoundingClientRect());
  if (!rects.length) return 0;
  const host = document.createElement('div');
  host.setAttribute('data-siteqa-mask', '');
  host.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none';
  for (const r of rects) {
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;background:#222;left:' + (r.left - 2) + 'px;top:' + (r.top - 2) + 'px;width:' + (r.width + 4) + 'px;height:' + (r.height + 4) + 'px';
    host.appendChild(box);
  }
  document.documentElement.appendChild(host);
  return rects.length;
}`;
const UNMASK_SCRIPT = `document.querySelectorAll('[data-siteqa-mask]').forEach((el) => el.remove())`;

/**
 * The viewport where the page stands (the top, unless it scrolled itself) as WebP at THUMBNAIL_SCALE; null when
 * the page cannot be painted in `ms` (a stuck renderer must not hold the page's slot). Any on-page occurrence
 * of `maskTexts` (a signed-in run's account values) is painted over; when that cannot be done, no picture.
 */
export async function takeThumbnail(page: Page, ms: number, maskTexts: readonly string[] = [], scale = THUMBNAIL_SCALE): Promise<Thumbnail | null> {
  const viewport = page.viewportSize();
  if (!viewport || ms <= 0) return null;
  const texts = maskTexts.filter((t) => t.length >= 3);
  const shoot = async (): Promise<Thumbnail> => {
    if (texts.length) await page.evaluate(`(${MASK_SCRIPT})(${JSON.stringify(texts)})`);
    const cdp = await page.context().newCDPSession(page);
    try {
      const at = (await page.evaluate('[Math.round(scrollX), Math.round(scrollY)]')) as [number, number];
      const region = { x: at[0], y: at[1], width: viewport.width, height: viewport.height };
      const { data } = (await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality: QUALITY,
        clip: { ...region, scale },
        captureBeyondViewport: false,
        optimizeForSpeed: true,
      })) as { data: string };
      return {
        data: Buffer.from(data, 'base64'),
        width: Math.round(viewport.width * scale),
        height: Math.round(viewport.height * scale),
        region,
      };
    } finally {
      await cdp.detach().catch(() => {});
      if (texts.length) await page.evaluate(UNMASK_SCRIPT).catch(() => {});
    }
  };
  return within(shoot(), ms, null);
}

/** Takes the page's picture and keeps it with the run; the evidence holds the image id and region. */
export async function keepThumbnail(
  page: Page,
  ms: number,
  keep: (data: Buffer, size: { width: number; height: number }) => string | null,
  maskTexts: readonly string[] = [],
  /** Of the viewport (a phone-width view is kept at full size: half of 320 px shows nothing). */
  scale = THUMBNAIL_SCALE,
): Promise<PageShot | null> {
  const shot = await takeThumbnail(page, ms, maskTexts, scale);
  const image = shot ? keep(shot.data, { width: shot.width, height: shot.height }) : null;
  return shot && image ? { image, ...shot.region } : null;
}
