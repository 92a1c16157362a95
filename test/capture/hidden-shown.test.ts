// An element the page marks `hidden` that a stylesheet shows anyway: a gallery's lightbox, `hidden` in the
// markup and `.lightbox { display: flex }` in the CSS, covers the page from the first paint, and its close
// button only sets `hidden` again. A section in the flow shown by mistake is listed but covers nothing.
// Hidden for real, `until-found`, transparent or off the page: not listed.
// Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const gallery = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Galerie</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
.lightbox{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.92)}
.toast{display:block;opacity:0}.offscreen{display:block;position:absolute;left:-9999px;width:200px;height:50px}
</style></head><body><main><h1>Galerie</h1><p>Les photos du moulin.</p>
<p hidden>Texte caché pour de vrai.</p>
<div hidden="until-found">Détails des travaux de restauration.</div>
<div class="toast" hidden>Enregistré</div>
<div class="offscreen" hidden>Hors de l'écran</div>
<section class="news" hidden style="display:flex;min-height:900px"><p>Actualités du moulin.</p></section>
</main>
<div id="lightbox" class="lightbox" hidden><button type="button" onclick="this.parentElement.hidden = true">✕</button></div>
</body></html>`;

describe('content marked hidden', () => {
  const site = loopbackSite((_req, res, { path }) => {
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(path === '/' ? gallery : 'not found');
  });

  it('is reported when a stylesheet shows it anyway, critical when it covers the page', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    // A section in the page's flow is shown by mistake too, but lays over nothing: it covers 0.
    expect(bundle.pages[0]!.dom?.hidden_shown?.map((h) => [h.selector.replace(/^.* > /, ''), h.display, h.position, h.covers])).toEqual([['section', 'flex', 'static', 0], ['#lightbox', 'flex', 'fixed', 1]]);
    const f = (report.findings ?? []).filter((x) => x.check_id === 'errors.hidden_shown');
    expect(f.map((x) => [x.severity, x.title])).toEqual([['critical', 'An element marked hidden covers 100% of the screen (div “✕”), so the page behind it cannot be used']]);
  });
});
