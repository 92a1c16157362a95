// A local copy audited on a machine without internet access: every public host the pages name fails
// (here: the guard's resolver answers "no such name" for every public name, as a sandbox's DNS does).
// The report must not blame the site for Google Fonts, jQuery's CDN or its tag loader, and must still
// report a name that fails everywhere (a reserved .invalid host). Real Chromium, loopback only: no
// request leaves the machine, since no public name resolves.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';
import type { LookupAll } from '../../src/guard/options.js';

const noPublicNames: LookupAll = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

const HEAD = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`;
const home = `<!doctype html><html lang="en"><head>${HEAD}<title>Harbour bakery</title>
<meta name="description" content="Bread and pastries baked by the harbour every morning, open daily from seven.">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter&display=swap">
<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-HARB0UR1"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','G-HARB0UR1');</script>
</head><body><main><h1>Harbour bakery</h1><p>Fresh every morning. <a href="/menu">See the menu</a>.</p>
<img src="https://images.unsplash.com/photo-bread.jpg" alt="A loaf" width="40" height="30">
<script>$(function () { document.body.classList.add('ready'); });</script></main></body></html>`;
const menu = `<!doctype html><html lang="en"><head>${HEAD}<title>Menu · Harbour bakery</title>
<meta name="description" content="Our breads, pastries and cakes, with prices, baked fresh every morning by the harbour.">
<script src="https://cdn.harbour-assets.invalid/menu.js"></script></head>
<body><main><h1>Menu</h1><p>Sourdough, rye and croissants. <a href="/">Home</a></p></main></body></html>`;

describe('an audit on a machine without internet access', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/' || path === '/menu') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(path === '/' ? home : menu);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });

  it('reports public hosts it could not reach as not verified, and a reserved name as the dead host it is', async () => {
    const { report, bundle } = await site.audit('/', { maxPages: 5, lookupAll: noPublicNames });
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname)).toEqual(['/', '/menu']);
    const findings = report.findings ?? [];
    const works = findings.filter((f) => f.section === 'works');
    const unreachable = works.filter((f) => f.check_id === 'http.unreachable_host');
    expect(unreachable.map((f) => [f.severity, f.evidence?.host ?? f.evidence?.hosts])).toEqual([
      ['critical', 'cdn.harbour-assets.invalid'],
      ['info', ['code.jquery.com', 'fonts.googleapis.com', 'images.unsplash.com']],
    ]);
    expect(unreachable[1]!.evidence).toMatchObject({ offline_witness: expect.any(String) });
    // "$ is not defined" is what a page without its jQuery throws: not the site's error here.
    expect(works.filter((f) => f.check_id === 'errors.uncaught_exception').map((f) => [f.severity, f.title])).toEqual([
      ['info', "Uncaught error where the audit's machine (no internet access) could not load a script: $ is not defined"],
    ]);
    expect(works.filter((f) => f.check_id === 'http.failed_resource')).toEqual([]);
    expect(findings.filter((f) => f.section === 'measured' && f.severity !== 'info').map((f) => f.check_id)).toEqual([]);
    expect(findings.find((f) => f.check_id === 'tracking.installed_not_firing')).toMatchObject({ severity: 'info', evidence: { reason: 'not_verified' } });
    expect((report.notes ?? []).find((n) => /no internet access/.test(n))).toMatch(/^The audit's machine has no internet access: \S+, which is always up, could not be reached/);
  });
});
