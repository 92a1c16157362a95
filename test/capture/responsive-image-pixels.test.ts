// A responsive image chosen from a srcset with width descriptors: Chromium's naturalWidth is the file's
// width divided by the density it picked (a 1024 px file chosen as "1920w" for a 1280 px slot reads
// 682). The evidence records the file's own pixels, which bytes per pixel and oversizing are judged by.
// Real Chromium.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const PHOTO = png(1024, 512);
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour photos</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Photos</h1>
<img id="hero" alt="The harbour" srcset="/photo.png?w=640 640w, /photo.png?w=1920 1920w" sizes="100vw" width="1024" height="512">
<img id="plain" alt="The quay" src="/photo.png?plain" width="300" height="150">
<img id="card" alt="The pier" src="/photo.png?card" width="200" height="200" style="object-fit: cover"></main></body></html>`;

describe('a responsive image', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO);
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(path === '/' ? page : 'not found');
  });

  it("is recorded with its file's pixels, not the density-corrected natural size", async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const images = bundle.pages[0]!.dom!.images;
    expect(images.map((i) => [new URL(i.src).search, i.natural_width, i.natural_height])).toEqual([
      ['?w=1920', 1024, 512],
      ['?plain', 1024, 512],
      ['?card', 1024, 512],
    ]);
    // How each is fitted into its box: only a fit other than the default (fill) is recorded.
    expect(images.map((i) => i.object_fit ?? null)).toEqual([null, null, 'cover']);
  });
});
