// A copy of a site served by Cloudflare keeps the links its edge wrote: email addresses become
// `/cdn-cgi/l/email-protection#…` links that Cloudflare's script turns into mailto: links. The CDN
// answers those paths, not the site: not pages to crawl, not links to check. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>${title}</h1>
<p>Write to <a href="/cdn-cgi/l/email-protection#88e1e6eec8ebe9fbfce4eda6ebe7a6fde3">[email&#160;protected]</a> or see <a href="/contact/">contact</a>.</p></main></body></html>`;

describe("a CDN's own endpoints in a copy's links", () => {
  const requested: string[] = [];
  const site = loopbackSite((_req, res, { path }) => {
    requested.push(path);
    if (path === '/' || path === '/contact/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(path === '/' ? 'Castle joinery' : 'Contact'));
    res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found'));
  });

  it('neither crawls nor checks /cdn-cgi/ links', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/contact/']);
    expect(requested.filter((p) => p.startsWith('/cdn-cgi/'))).toEqual([]);
    expect((report.findings ?? []).filter((f) => f.check_id === 'links.broken_internal')).toEqual([]);
  });
});
