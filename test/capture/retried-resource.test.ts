// A file whose connection drops once (a reset on a loaded machine, a proxy hiccup) and that no other page
// loads: asked for again after the crawl, it answers, so it is a passing fault (info), not a missing file
// that would grade Works D. A file that is really gone stays critical. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

describe('a file that failed once without an answer', () => {
  let resets = 0;
  const site = loopbackSite((req, res, { path }) => {
    if (path === '/img/slider.png') {
      // The browser's first request gets its connection dropped; later ones get the file.
      if (resets++ === 0) return void req.socket.destroy();
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    }
    if (path === '/img/gone.png') return void req.socket.destroy();
    const body = path === '/' ? '<!doctype html><html lang="en"><head><title>Quality control</title></head><body><main><h1>Quality control</h1><img src="/img/slider.png" alt="Spectrum slider" width="200" height="100"></main></body></html>'
      : path === '/gone/' ? '<!doctype html><html lang="en"><head><title>Gone</title></head><body><main><h1>Gone</h1><img src="/img/gone.png" alt="Spectrum errors" width="200" height="100"></main></body></html>' : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('is asked for again after the crawl and, answering, counts as a passing fault', async () => {
    resets = 0;
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const failed = bundle.pages[0]!.requests.find((r) => r.url.endsWith('/img/slider.png'))!;
    expect(failed.status).toBeNull();
    expect(bundle.site.retried_resources).toMatchObject([{ url: failed.url, status: 200 }]);
    const findings = (report.findings ?? []).filter((f) => f.check_id === 'http.failed_resource');
    expect(findings.map((f) => f.severity)).toEqual(['info']);
    expect(findings[0]!.title).toMatch(/answered when asked again after the crawl$/);
  });

  it('stays critical when it does not answer the second time either', async () => {
    const { report } = await site.audit('/gone/', { maxPages: 1 });
    expect((report.findings ?? []).filter((f) => f.check_id === 'http.failed_resource').map((f) => f.severity)).toEqual(['critical']);
  });
});
