// A single-page app routed by the fragment (Docsify, AngularJS, Vue or React routers in hash mode): the
// one index.html renders `#/guide`, `#/install`… itself. Each route is a screen a visitor reaches by its
// links: the crawl visits them, and what breaks there is reported. To a search engine they are one
// document, so Found judges that one. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const app = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scale docs</title>
<meta name="description" content="Documentation of the open-source coffee scale: wiring, taring and firmware updates.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<nav aria-label="Docs"><a href="#/">Home</a> <a href="#/usage/taring">Taring</a> <a href="#!/firmware/flashing/">Flashing</a> <a href="#/contact">Contact</a> <a href="#top">Top</a></nav>
<main id="top"></main>
<script>
  const routes = {
    '/': ['Scale docs', '<h1>Scale docs</h1><p>Start here.</p>'],
    '/usage/taring': ['Taring', '<h1>Taring</h1><p>Press the button once.</p>'],
    '/firmware/flashing': ['Flashing firmware', '<h1>Flashing firmware</h1><img src="/media/flash.png">'],
    '/contact': ['Contact', null],
  };
  function render() {
    const path = (location.hash.replace(/^#!?/, '') || '/').replace(/(.)\\/$/, '$1');
    const [title, html] = routes[path] || ['Not found', '<h1>Not found</h1>'];
    document.title = title;
    if (html === null) throw new Error('contact form config missing');
    document.querySelector('main').innerHTML = html;
  }
  addEventListener('hashchange', render);
  render();
</script></body></html>`;

describe('a single-page app routed by the fragment', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(app);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });

  it('visits each route its links name, reports what breaks there, and judges search by the one document', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 10 });
    const visited = bundle.pages.map((p) => new URL(p.final_url).hash).sort();
    // The root route (#/) and the in-page anchor (#top) are the start page; #!/x/ is the route #/x.
    expect(visited).toEqual(['', '#!/firmware/flashing/', '#/contact', '#/usage/taring']);
    expect(bundle.pages.find((p) => p.final_url.endsWith('#/usage/taring'))).toMatchObject({ status: 200, title: 'Taring' });
    const findings = report.findings ?? [];
    expect(findings.find((f) => f.check_id === 'errors.uncaught_exception')).toMatchObject({ severity: 'warning', title: 'Uncaught error: contact form config missing' });
    // The image only the flashing route shows is missing: found because the route was visited.
    expect(findings.find((f) => f.check_id === 'http.failed_resource')?.evidence).toMatchObject({ resources: [expect.objectContaining({ url: `${site.origin()}/media/flash.png` })] });
    // One document to a search engine: its routes' titles are not duplicates of each other, nor pages without descriptions.
    expect(findings.filter((f) => f.section === 'found' && /title|description/.test(f.check_id))).toEqual([]);
    // Headers belong to the one document: counted once, not once per route.
    expect(findings.find((f) => f.check_id === 'security.missing_csp')?.title).toMatch(/on 1 page of 1$/);
    // The coverage counts the routes as the crawl visited them.
    expect(bundle.site.coverage).toMatchObject({ templates_known: 4, templates_visited: 4 });
  });

  // An Angular app in hash mode: "" redirects to "/about", so "/" shows "#/about", which the nav links too.
  const redirecting = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portfolio</title></head><body>
<nav aria-label="Main"><a href="#/about">About</a> <a href="#/projects">Projects</a></nav><main></main>
<script>
  function render() {
    if (!location.hash || location.hash === '#/') { location.replace('#/about'); return; }
    document.querySelector('main').innerHTML = location.hash === '#/about'
      ? '<h1>About</h1><a class="social" href="https://github.com/example"><svg aria-hidden="true" width="16" height="16"></svg></a>'
      : '<h1>Projects</h1><p>Things I built.</p>';
  }
  addEventListener('hashchange', render);
  render();
</script></body></html>`;
  const redirectSite = loopbackSite((_req, res, { path }) => {
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(redirecting);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });

  it('takes "/" that its app sends on to its first route for that route: its defects count once', async () => {
    const { bundle, report } = await redirectSite.audit('/', { maxPages: 5 });
    expect(bundle.pages[0]!.shown_at).toBe(`${redirectSite.origin()}/#/about`);
    const unnamed = (report.findings ?? []).find((f) => f.check_id === 'a11y.link_name')!;
    expect(unnamed.evidence).toMatchObject({ pages: [expect.objectContaining({ elements: 1 })] });
    expect((unnamed.evidence!.pages as unknown[]).length).toBe(1);
  });
});
