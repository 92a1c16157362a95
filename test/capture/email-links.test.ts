// Contact links that do not reach the business. A footer's e-mail link written with a web address's trailing slash (`mailto:contact@moulin.fr/`): the
// browser opens the mail program with an address that bounces. Read from the page as the browser resolved
// its links; a good address and a "share by e-mail" link beside it are not reported. A telephone link with
// a digit too many is; one written internationally for the number shown nationally is not. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Le moulin</title></head><body>
<main><h1>Le moulin</h1><p>Visites le dimanche.</p><p><a href="mailto:?subject=Le%20moulin">Partager par courriel</a></p></main>
<footer><a href="mailto:contact@moulin.fr/">contact@moulin.fr</a> · <a href="mailto:mairie@ville.fr">Mairie</a>
· <a href="tel://02 98 12 34 567">02 98 12 34 56</a> · <a href="tel:+33298123456">02 98 12 34 56</a></footer></body></html>`;

describe('e-mail and telephone links', () => {
  const site = loopbackSite((_req, res, { path }) => res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/' ? page : 'not found'));

  it('are reported when their address cannot receive mail, and telephone links when they call another number', async () => {
    const { report } = await site.audit('/', { maxPages: 1 });
    const f = (report.findings ?? []).filter((x) => x.check_id === 'links.broken_email');
    expect(f.map((x) => x.title)).toEqual(['An e-mail link\'s address ends in "/" (contact@moulin.fr/)']);
    const tel = (report.findings ?? []).filter((x) => x.check_id === 'links.broken_phone');
    expect(tel.map((x) => x.title)).toEqual(['A telephone link calls 02 98 12 34 567 but shows 02 98 12 34 56']);
  });
});
