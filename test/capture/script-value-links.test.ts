// A template that renders an unset value into a link (tarteaucitron's panel: href="undefined" on every
// page) points each page at a different missing address. The crawl does not spend pages on them; the
// link checks find them broken, and the report files them as one link in one template. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PATHS = ['/', '/club/', '/2024/05/match/', '/contact/'];
const page = (title: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav aria-label="Menu">${PATHS.map((p) => `<a href="${p}">${p}</a>`).join(' ')}</nav><main><h1>${title}</h1></main>
<div id="cookie-panel"><a href="undefined" target="_blank" rel="noopener">Voir le site officiel</a></div></body></html>`;

describe('links a template wrote from an unset value', () => {
  const requested: string[] = [];
  const site = loopbackSite((req, res, { path }) => {
    requested.push(`${req.method} ${path}`);
    if (PATHS.includes(path)) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path));
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>404</title><h1>Not found</h1>');
  });

  it('are checked, not crawled, and reported once', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname).sort()).toEqual([...PATHS].sort());
    // A few resolutions are checked (they are all the same defect); the rest of the link budget stays for real links.
    const checked = bundle.site.link_checks.map((c) => [new URL(c.url).pathname, c.status]);
    expect(checked).toHaveLength(3);
    expect(checked.every(([path, status]) => PATHS.some((p) => path === `${p}undefined`) && status === 404)).toBe(true);
    const broken = (report.findings ?? []).filter((f) => f.check_id === 'links.broken_internal');
    expect(broken.map((f) => [f.severity, f.title])).toEqual([['warning', 'Relative link "undefined" is broken on 4 pages (404)']]);
    expect(broken[0]!.evidence).toMatchObject({ targets_total: 3, pages_total: 4 });
  }, 60_000);
});
