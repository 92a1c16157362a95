// Image sizing as the page declares it, read in real Chromium: attributes, or the element's own style
// (a component's style="width:28px;height:28px", an aspect-ratio with a width), count as sized; an
// image sized by neither is listed by perf.unsized_images.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#36c"/></svg>';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Images</title></head><body><main><h1>Images</h1>
<img src="/a.svg" width="64" height="64" alt="attributes">
<img src="/b.svg" style="width:28px;height:28px" alt="inline width and height">
<img src="/c.svg" style="width:50%;aspect-ratio:1 / 1" alt="inline width and aspect-ratio">
<img src="/d.svg" style="width:40px" alt="inline width only">
<img src="/e.svg" alt="nothing">
</main></body></html>`;

describe('image sizing read from the page', () => {
  const site = loopbackSite((req, res) => {
    if (req.url?.endsWith('.svg')) return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    res.writeHead(404).end();
  });

  it('records the style attribute\'s sizing and lists only the images sized by nothing', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const images = bundle.pages[0]!.dom!.images;
    expect(images.find((i) => i.src.endsWith('/b.svg'))?.style_size).toEqual({ width: '28px', height: '28px', aspect_ratio: null });
    expect(images.find((i) => i.src.endsWith('/a.svg'))?.style_size).toBeUndefined();
    const f = (report.findings ?? []).find((x) => x.check_id === 'perf.unsized_images');
    expect((f?.evidence?.images as { url: string }[]).map((i) => new URL(i.url).pathname)).toEqual(['/d.svg', '/e.svg']);
  }, 60_000);
});
