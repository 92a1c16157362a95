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
 * The viewport where the page stands (the top, unless it scrolled itself) as WebP at THUMBNAIL_SCALE; null when
 * the page cannot be painted in `ms` (a stuck renderer must not hold the page's slot).
 */
export async function takeThumbnail(page: Page, ms: number): Promise<Thumbnail | null> {
  const viewport = page.viewportSize();
  if (!viewport || ms <= 0) return null;
  const shoot = async (): Promise<Thumbnail> => {
    const cdp = await page.context().newCDPSession(page);
    try {
      const at = (await page.evaluate('[Math.round(scrollX), Math.round(scrollY)]')) as [number, number];
      const region = { x: at[0], y: at[1], width: viewport.width, height: viewport.height };
      const { data } = (await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality: QUALITY,
        clip: { ...region, scale: THUMBNAIL_SCALE },
        captureBeyondViewport: false,
        optimizeForSpeed: true,
      })) as { data: string };
      return {
        data: Buffer.from(data, 'base64'),
        width: Math.round(viewport.width * THUMBNAIL_SCALE),
        height: Math.round(viewport.height * THUMBNAIL_SCALE),
        region,
      };
    } finally {
      await cdp.detach().catch(() => {});
    }
  };
  return within(shoot(), ms, null);
}

/** Takes the page's picture and keeps it with the run; the evidence holds the image id and region. */
export async function keepThumbnail(
  page: Page,
  ms: number,
  keep: (data: Buffer, size: { width: number; height: number }) => string | null,
): Promise<PageShot | null> {
  const shot = await takeThumbnail(page, ms);
  const image = shot ? keep(shot.data, { width: shot.width, height: shot.height }) : null;
  return shot && image ? { image, ...shot.region } : null;
}
