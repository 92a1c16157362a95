// A signed-in run's account values are painted over in page pictures (docs/app-models.md "Secrets"):
// the crawl's thumbnails are taken over CDP, not with Playwright's masked screenshot, so the
// thumbnail masks the text itself. Real Chromium: the WebP is decoded on a canvas and the pixels
// where the user name stood are read back.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { takeThumbnail, THUMBNAIL_SCALE } from '../../src/capture/thumbnail.js';
import { suiteBrowser } from '../support/suite-browser.js';

const USER = 'alice@shop.test';
const PAGE = `<!doctype html><body style="margin:0;background:#fff">
<p id="who" style="position:absolute;left:40px;top:40px;margin:0;font:bold 64px sans-serif;color:#000">Signed in as ${USER}</p>
<input id="kept" value="${USER}" style="position:absolute;left:40px;top:300px;width:600px;height:60px;font-size:40px;border:0;color:#000;background:#fff">
</body>`;

/** Mean brightness (0–255) and how many near-white pixels the picture has inside a CSS-pixel box of the page. */
async function pixels(page: Page, webp: Buffer, box: { x: number; y: number; width: number; height: number }): Promise<{ mean: number; white: number }> {
  return page.evaluate(async ({ src, box, scale }) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(Math.round(box.x * scale), Math.round(box.y * scale), Math.round(box.width * scale), Math.round(box.height * scale)).data;
    let sum = 0;
    let white = 0;
    for (let i = 0; i < d.length; i += 4) {
      const v = (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
      sum += v;
      if (v > 200) white++;
    }
    return { mean: sum / (d.length / 4), white };
  }, { src: `data:image/webp;base64,${webp.toString('base64')}`, box, scale: THUMBNAIL_SCALE });
}

describe('page thumbnails of a signed-in run', () => {
  const browser = suiteBrowser();

  it('paint over the account\'s values wherever the page shows them, text and field alike, and leave the page as it was', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.setContent(PAGE);
      const text = await page.locator('#who').boundingBox();
      const field = { x: 60, y: 310, width: 300, height: 40 };
      const plain = await takeThumbnail(page, 5000);
      const masked = await takeThumbnail(page, 5000, [USER]);
      expect(plain && masked).toBeTruthy();
      // Unmasked, the text's box is mostly white paper with black letters; masked, it is all #222.
      expect((await pixels(page, plain!.data, text!)).white).toBeGreaterThan(100);
      const t = await pixels(page, masked!.data, text!);
      expect(t.white).toBe(0);
      expect(t.mean).toBeLessThan(60);
      expect((await pixels(page, plain!.data, field)).white).toBeGreaterThan(100);
      expect((await pixels(page, masked!.data, field)).white).toBe(0);
      // The boxes are gone once the picture is taken: the page is as the crawl found it.
      expect(await page.locator('[data-siteqa-mask]').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
