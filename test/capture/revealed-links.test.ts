// Discovery beyond the start page: a podcast site whose episode list shows three episodes and a "Show all
// episodes" button that renders the rest from the site's JSON, as a React or Vue list does. When the
// crawl runs out of links with budget left, it clicks on a page that offers something new (not the header
// buttons every page repeats), follows the links the click revealed, and reports what throws on the
// episode pages only they lead to. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const EPISODES = Array.from({ length: 12 }, (_, i) => ({ n: i + 1, title: `Episode ${i + 1}`, guest: i < 3 ? { name: `Guest ${i + 1}` } : undefined }));

const shell = (title: string, main: string, script = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Signal podcast</title>
<meta name="description" content="${title} of the Signal podcast."></head><body>
<header><a href="/">Signal</a> <nav aria-label="Main"><a href="/">Home</a> <a href="/about">About</a> <a href="/episodes">Episodes</a></nav>
<button type="button" id="theme">Dark mode</button></header>
<main><h1>${title}</h1>${main}</main>
<script>document.getElementById('theme').addEventListener('click', () => document.body.classList.toggle('dark'));</script>
${script}</body></html>`;

const episodeList = shell('Episodes', `<ul id="list">${EPISODES.slice(0, 3).map((e) => `<li><a href="/episodes/${e.n}">${e.title}</a></li>`).join('')}</ul>
<button type="button" id="all">Show all episodes</button>`, `<script>
document.getElementById('all').addEventListener('click', async () => {
  const episodes = await (await fetch('/episodes.json')).json();
  document.getElementById('list').innerHTML = episodes.map((e) => '<li><a href="/episodes/' + e.n + '">' + e.title + '</a></li>').join('');
  document.getElementById('all').remove();
});
</script>`);

const episodePage = (n: number) => shell(`Episode ${n}`, '<p>Guest: <span id="guest"></span></p>', `<script>
fetch('/episodes.json').then((r) => r.json()).then((episodes) => {
  document.getElementById('guest').textContent = episodes[${n - 1}].guest.name;
});
</script>`);

describe('links a click reveals', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/episodes.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(EPISODES));
    const episode = /^\/episodes\/(\d+)$/.exec(path);
    const body = path === '/' ? shell('Home', '<p>A podcast about signals. <a href="/episodes">All episodes</a></p>')
      : path === '/about' ? shell('About', '<p>Who we are.</p>')
      : path === '/episodes' ? episodeList
      : episode && Number(episode[1]) >= 1 && Number(episode[1]) <= EPISODES.length ? episodePage(Number(episode[1]))
      : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? '<!doctype html><title>Not found</title><h1>Not found</h1>');
  });

  it('are followed once the crawl runs out of links, and what throws on the pages they lead to is reported', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 20 });
    const paths = bundle.pages.filter((p) => !p.reached_by?.after_click).map((p) => new URL(p.final_url).pathname);
    expect(paths.filter((p) => p.startsWith('/episodes/')).length).toBe(12);
    const revealed = bundle.pages.find((p) => new URL(p.final_url).pathname === '/episodes/12');
    expect(revealed).toMatchObject({ region: 'click', reached_by: { from: `${site.origin()}/episodes`, clicks: ['Show all episodes'], route: 'revealed', after_click: false } });
    // The header's button is clicked once, on the start page, not again on every page explored.
    expect(bundle.site.coverage?.clicked).toBe(2);
    const thrown = (report.findings ?? []).find((f) => f.check_id === 'errors.uncaught_exception' && String(f.evidence?.message).includes("reading 'name'"));
    expect(thrown).toBeDefined();
    expect((thrown!.evidence!.pages as string[]).length).toBe(9);
  });
});
