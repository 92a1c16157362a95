// A template's sections fade in only when scrolled into view (an IntersectionObserver adding a class, as
// AOS, WOW.js and Waypoints do): axe skips what is hidden, so the low-contrast button inside was never
// measured. The page is scrolled through once before axe runs; what the scroll loads (a lazy image far
// down) is not counted as the page's own; the page's smooth scrolling (Bootstrap 5 sets it) does not slow
// the scroll down. A page with nothing waiting is not scrolled. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (reveal: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wynn House</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
html{scroll-behavior:smooth}body{margin:0;font:16px sans-serif;color:#222;background:#fff}.hero{height:150vh;background:#eee;padding:20px}
${reveal ? '.reveal{opacity:0;visibility:hidden;transition:opacity .4s,visibility .4s}.reveal.in{opacity:1;visibility:visible}' : ''}
.offer{background:#6fe430;color:#fff;border:0;padding:12px 20px;font-size:16px}.gap{height:2500px}.spacer{height:6000px}
</style></head><body><main><section class="hero"><h1>Wynn House, Harrogate</h1><p>Rooms and breakfast.</p></section>
<div class="gap"></div><section class="reveal"><h2>Our offer</h2><p>Two nights for the price of one.</p><button class="offer" type="button">Check the offer</button></section>
<div class="spacer"></div><img loading="lazy" src="/late.png" alt="The garden" width="200" height="100"></main>
<script>
const seen = new IntersectionObserver((entries) => { for (const e of entries) if (e.isIntersecting) { e.target.classList.add('in'); seen.unobserve(e.target); } });
document.querySelectorAll('.reveal').forEach((el) => seen.observe(el));
</script></body></html>`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('content revealed by scrolling', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/late.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/' || path === '/plain') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path === '/'));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });

  it('is shown to axe by scrolling the page once; what the scroll loads is not the page\'s own', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const home = bundle.pages[0]!;
    const contrast = home.accessibility!.violations.find((v) => v.id === 'color-contrast');
    expect(contrast?.nodes.map((n) => n.html) ?? []).toEqual([expect.stringContaining('Check the offer')]);
    expect(home.requests.map((r) => new URL(r.url).pathname)).not.toContain('/late.png');
    expect(home.capture_ms).toHaveProperty('reveal_scroll');
  });

  it('leaves a page with nothing waiting below the fold unscrolled', async () => {
    const { bundle } = await site.audit('/plain', { maxPages: 1 });
    expect(bundle.pages[0]!.capture_ms).not.toHaveProperty('reveal_scroll');
    // Shown from the start, the button is measured all the same.
    expect(bundle.pages[0]!.accessibility!.violations.find((v) => v.id === 'color-contrast')?.nodes.length).toBe(1);
  });
});
