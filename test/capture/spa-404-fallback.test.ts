// A single-page app on a static host that answers only its files (GitHub Pages): every route but "/" is
// served the host's 404 page, whose script forwards to "/?/route"; the app's first script puts "/route"
// back into the address bar and renders it (the spa-github-pages technique). A visitor sees the route;
// a search engine, a link preview and a monitor see a 404. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const NOT_FOUND = `<!doctype html><html><head><meta charset="utf-8"><title>Single Page App</title><script>
var l = window.location;
l.replace(l.protocol + '//' + l.host + '/?/' + l.pathname.slice(1).replace(/&/g, '~and~') + (l.search ? '&' + l.search.slice(1).replace(/&/g, '~and~') : '') + l.hash);
</script></head><body></body></html>`;

const APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour app</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="The harbour app.">
<script>
(function (l) {
  if (l.search[1] === '/') {
    var decoded = l.search.slice(1).split('&').map(function (s) { return s.replace(/~and~/g, '&'); }).join('?');
    window.history.replaceState(null, null, l.pathname.slice(0, -1) + decoded + l.hash);
  }
}(window.location));
</script></head><body><header><nav aria-label="Main"><a href="/">Home</a> <a href="/example">Example</a> <a href="/about">About</a></nav></header>
<main id="app"></main>
<script>
const routes = { '/': 'Welcome to the harbour', '/example': 'An example route', '/about': 'About the harbour' };
const path = location.pathname;
document.getElementById('app').innerHTML = '<h1>' + (routes[path] || 'Not found') + '</h1>';
</script></body></html>`;

describe("a single-page app served through the host's 404 page", () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/' || path === '/index.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(APP);
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_FOUND);
  });

  it('records each route at the address it shows, and reports that its routes answer 404', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 5 });
    const pages = bundle.pages.map((p) => [new URL(p.url).pathname, p.status, p.shown_at ? new URL(p.shown_at).pathname : null]);
    expect(pages).toEqual([['/', 200, null], ['/example', 200, '/example'], ['/about', 200, '/about']]);
    const findings = report.findings ?? [];
    // Every route shares the app's one title: now seen, as the routes are told apart by the address they show.
    expect(findings.find((f) => f.check_id === 'seo.title_duplicate')).toMatchObject({ severity: 'warning' });
    const forwarded = findings.find((f) => f.check_id === 'seo.route_answers_error');
    expect(forwarded).toMatchObject({ severity: 'warning', title: '2 pages answer 404 and are shown only by a script (/about, /example)' });
  });
});
