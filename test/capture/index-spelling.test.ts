// `/docs/index` and `/docs/` are one page on static hosts with clean URLs, so the crawl does not visit
// both; a server without that rule (nginx without try_files) answers 404 for `/docs/index`, and a link
// spelled so is still checked and reported. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (title: string, links: string[]) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav aria-label="Main">${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1></main></body></html>`;

describe('a link spelled /x/index', () => {
  const site = loopbackSite((req, res, { path }) => {
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('Home', ['/docs/', '/guide/']));
    if (path === '/docs/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('Docs', ['/docs/index', '/']));
    if (path === '/guide/' || path === '/guide/index') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('Guide', ['/guide/index']));
    res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', []));
  });

  it('is checked when only the folder was visited, and reported when that spelling is missing', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname).sort()).toEqual(['/', '/docs/', '/guide/']);
    expect(bundle.site.link_checks.map((c) => [new URL(c.url).pathname, c.status]).sort()).toEqual([['/docs/index', 404], ['/guide/index', 200]]);
    const broken = (report.findings ?? []).filter((f) => f.check_id === 'links.broken_internal').map((f) => f.title);
    expect(broken).toEqual(['Link to /docs/index is broken (404)']);
  }, 60_000);
});
