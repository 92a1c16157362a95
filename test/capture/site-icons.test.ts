// The icons and manifest a head declares are checked by request (a headless visit loads none of them),
// and /favicon.ico when the start page declares no icon. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (title: string, head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${head}</head><body><main><h1>${title}</h1>
<a href="/theme/">Theme</a> <a href="/bare/">Bare</a></main></body></html>`;

describe("a site's icons", () => {
  const site = loopbackSite((_req, res, { path }) => {
    const files: Record<string, [string, string]> = {
      '/': ['text/html', page('Home', '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E"><link rel="shortcut icon" href="/favicon-32.png"><link rel="manifest" href="/site.webmanifest">')],
      '/theme/': ['text/html', page('Theme', '<link rel="apple-touch-icon" href="/apple-touch-icon.png"><link rel="icon" href="/favicon-32.png">')],
      '/bare/': ['text/html', page('Bare', '')],
      '/site.webmanifest': ['application/manifest+json', '{"name":"Home","icons":[]}'],
    };
    const f = files[path];
    res.writeHead(f ? 200 : 404, { 'content-type': f?.[0] ?? 'text/plain' }).end(f?.[1] ?? 'not found');
  });

  it('declared in a head are reported when gone: the favicon as a warning, a home-screen icon as info', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 3 });
    expect(bundle.pages[0]!.dom!.icons).toEqual([
      { rel: 'icon', href: `${site.origin()}/favicon-32.png` },
      { rel: 'manifest', href: `${site.origin()}/site.webmanifest` },
    ]);
    const icons = (report.findings ?? []).filter((f) => f.check_id === 'http.icon_broken').map((f) => [f.title, f.severity]);
    expect(icons).toEqual([
      ['Site icon /favicon-32.png is missing (404)', 'warning'],
      ['Home-screen icon /apple-touch-icon.png is missing (404)', 'info'],
    ]);
  });

  it('missing altogether is info: no icon declared on the start page and no /favicon.ico', async () => {
    const { report } = await site.audit('/bare/', { maxPages: 1 });
    const icons = (report.findings ?? []).filter((f) => f.check_id === 'http.icon_broken').map((f) => [f.title, f.severity]);
    expect(icons).toEqual([['No site icon: the start page declares none and /favicon.ico is missing (404)', 'info']]);
  });
});
