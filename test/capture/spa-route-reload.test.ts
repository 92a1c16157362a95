// A single-page app on a static host with no fallback: its routes work when clicked (the app pushes the
// address) and answer 404 when opened directly (a reload, a bookmark, a shared link). Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orbit planner</title>
<meta name="description" content="Plan launches."><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><header><nav><button type="button" data-to="/missions">Missions</button> <button type="button" data-to="/crew">Crew</button></nav></header>
<main id="app"><h1>Orbit planner</h1><p>Plan your next launch window with the whole crew.</p></main>
<script>
const views = { '/': '<h1>Orbit planner</h1><p>Plan your next launch window with the whole crew.</p>',
  '/missions': '<h1>Missions</h1><p>Three missions are planned for the coming year.</p>',
  '/crew': '<h1>Crew</h1><p>Seven people fly with us this season.</p>' };
function show(path) { document.getElementById('app').innerHTML = views[path] || '<h1>Not found</h1>'; document.title = (path === '/' ? '' : path.slice(1) + ' · ') + 'Orbit planner'; }
for (const b of document.querySelectorAll('[data-to]')) b.addEventListener('click', () => { history.pushState({}, '', b.dataset.to); show(b.dataset.to); });
addEventListener('popstate', () => show(location.pathname));
show(location.pathname);
</script></body></html>`;

const routesFinding = (report: { findings?: { check_id: string; severity: string; title: string; evidence?: Record<string, unknown> }[] }) => {
  const findings = report.findings ?? [];
  expect(findings.filter((f) => f.check_id === 'links.broken_internal')).toEqual([]);
  const routes = findings.filter((f) => f.check_id === 'http.error_status');
  expect(routes).toHaveLength(1);
  return routes[0]!;
};

describe('single-page app routes that 404 when opened directly', () => {
  const site = loopbackSite((req, res, { path }) => {
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(APP);
    }
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>404</title></head><body><h1>404 Not Found</h1></body></html>');
  });

  it('says once, in Works, that the routes break on reload: no link is broken', async () => {
    const { report } = await site.audit('/', { maxPages: 5 });
    const f = routesFinding(report);
    expect(f).toMatchObject({ severity: 'warning', title: '2 app routes answer 404 when opened directly: a reload, a bookmark or a shared link shows an error page' });
    expect(f.evidence).toMatchObject({ routes_total: 2, routes: expect.arrayContaining([expect.objectContaining({ path: '/missions', status: 404, reached_by: `${site.origin()}/ → “Missions”`, error_page_shows_the_app: false })]) });
  }, 120_000);
});
