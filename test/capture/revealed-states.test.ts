// Content a click shows without leaving the page, the way small-business sites are built: tabs
// (WAI-ARIA tab pattern), a "Find us" link opening a modal that fades in with a map (Bootstrap's data-toggle), an FAQ
// accordion (aria-expanded), a footer that fades in after load, and a "Delete my booking" disclosure a
// QA visitor must never open. Each
// hidden part carries a defect axe cannot see on load (hidden content is skipped); beside it the same
// page done right. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (broken: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour clinic${broken ? '' : ' (good)'}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#222;margin:0}main{padding:16px}
@keyframes intro{from{opacity:0}to{opacity:1}}footer{animation:intro .3s both;animation-delay:.45s}
.modal{position:fixed;inset:10%;background:#fff;border:1px solid #444;display:none;opacity:0;transition:opacity .15s linear}.modal.show{opacity:1}
[role=tab]{padding:8px 12px}
.pane{display:none;opacity:0;transition:opacity .15s linear}.pane.active{display:block}.pane.show{opacity:1}</style></head><body>
<header><a href="/">Harbour clinic</a> <nav aria-label="Main"><a href="/">Home</a> <a href="/team/">Team</a></nav></header>
<main><h1>Harbour clinic</h1>
<div role="tablist" aria-label="About us">
  <button role="tab" id="t1" aria-selected="true" aria-controls="p1">Services</button>
  <button role="tab" id="t2" aria-selected="false" aria-controls="p2" tabindex="-1">Opening hours</button>
</div>
<div role="tabpanel" class="pane active show" id="p1" aria-labelledby="t1"><p>Physiotherapy and sports massage.</p></div>
<div role="tabpanel" class="pane" id="p2" aria-labelledby="t2"><p>Mon–Fri 8–18.</p>
  ${broken ? 'Your postcode <input type="text" name="postcode">' : '<label>Your postcode <input type="text"></label>'}</div>
<p><a href="#map" class="find-us" data-toggle="modal">Find us</a></p>
<div id="map" class="modal" role="dialog"${broken ? '' : ' aria-label="Map"'}><iframe src="/map.html" ${broken ? '' : 'title="Map of the harbour" '}width="300" height="200"></iframe></div>
<h2>Questions</h2>
<button class="faq" aria-expanded="false" aria-controls="faq1">Do you take walk-ins?</button>
<div id="faq1" hidden><p>Yes, mornings.</p><img src="/walk-in.png" width="40" height="40"${broken ? '' : ' alt="Our front desk"'}></div>
<button class="danger" aria-expanded="false" aria-controls="del">Delete my booking</button>
<div id="del" hidden><img src="/bin.png" width="20" height="20"></div>
</main>
<footer><p>Harbour clinic, Quay Street.</p>${broken ? '<img src="/stamp.png" width="40" height="40">' : '<img src="/stamp.png" width="40" height="40" alt="Member of the physio guild">'}</footer>
<script>
// As Bootstrap swaps .fade tab panes: the shown one fades out, and only at its transition's end is the
// next one displayed and faded in.
document.querySelectorAll('[role=tab]').forEach((tab) => tab.addEventListener('click', () => {
  const from = document.querySelector('.pane.active');
  const to = document.getElementById(tab.getAttribute('aria-controls'));
  if (from === to) return;
  document.querySelectorAll('[role=tab]').forEach((t) => t.setAttribute('aria-selected', String(t === tab)));
  from.addEventListener('transitionend', function swap() {
    from.removeEventListener('transitionend', swap);
    from.classList.remove('active');
    to.classList.add('active');
    void to.offsetHeight;
    to.classList.add('show');
  });
  from.classList.remove('show');
}));
// As Bootstrap shows a .fade modal: displayed first, then faded in from opacity 0.
document.querySelector('.find-us').addEventListener('click', (e) => {
  e.preventDefault();
  const modal = document.getElementById('map');
  modal.style.display = 'block';
  void modal.offsetHeight;
  modal.classList.add('show');
});
document.querySelectorAll('[aria-expanded]').forEach((b) => b.addEventListener('click', () => {
  const open = b.getAttribute('aria-expanded') !== 'true';
  b.setAttribute('aria-expanded', String(open));
  document.getElementById(b.getAttribute('aria-controls')).hidden = !open;
}));
</script></body></html>`;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

describe('content a click shows without leaving the page', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const body = path === '/' ? page(true) : path === '/good/' ? page(false)
      : path === '/team/' ? '<!doctype html><html lang="en"><head><title>Team</title></head><body><main><h1>Team</h1></main></body></html>'
      : path === '/map.html' ? '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map</p></body></html>' : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('audits a tab panel, a modal and an accordion body in the state a click shows them, never opening a destructive control', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 2 });
    const states = bundle.site.revealed_states!;
    expect(states.map((s) => s.clicked).sort()).toEqual(['Do you take walk-ins?', 'Find us', 'Opening hours']);
    const findings = report.findings ?? [];
    const nodesOf = (id: string) => ((findings.find((f) => f.check_id === id)?.evidence?.pages ?? []) as { nodes: { summary: string }[] }[]).flatMap((p) => p.nodes);
    expect(nodesOf('a11y.label').map((n) => n.summary.split(':')[0])).toEqual(['After clicking “Opening hours”']);
    expect(nodesOf('a11y.frame_title').map((n) => n.summary.split(':')[0])).toEqual(['After clicking “Find us”']);
    // The dialog hidden until then is judged once shown: it has no name (WAI-ARIA requires one).
    expect(nodesOf('a11y.aria_dialog_name').map((n) => n.summary.split(':')[0])).toEqual(['After clicking “Find us”']);
    // The footer fading in after load (its image has no alt either) is the page's own, not a click's.
    expect(nodesOf('a11y.image_alt').map((n) => n.summary.split(':')[0])).toEqual([expect.not.stringMatching(/^After clicking/), 'After clicking “Do you take walk-ins?”']);
    expect(states.every((st) => st.revealed.every((r) => !r.selector.includes('footer')))).toBe(true);
    // The picture taken after the click is kept and named by the outlined element.
    const withPicture = states.find((s) => s.clicked === 'Find us')!;
    expect(bundle.images?.some((i) => i.id === withPicture.screenshot?.image)).toBe(true);
  });

  it('says nothing about the same parts done right', async () => {
    const { bundle, report } = await site.audit('/good/', { maxPages: 2 });
    expect(bundle.site.revealed_states!.length).toBe(3);
    expect((report.findings ?? []).filter((f) => ['a11y.label', 'a11y.frame_title', 'a11y.image_alt', 'a11y.aria_dialog_name'].includes(f.check_id))).toEqual([]);
  });
});

// A docs site larger than the page budget (the crawl never runs out of links): its pages show install
// commands in tabs, and the second tab's panel holds a screenshot without alt. The start page has none.
describe('content a click shows on a page of a site larger than the budget', () => {
  const doc = (n: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide ${n}</title>
<style>[role=tabpanel][hidden]{display:none}</style></head><body>
<nav aria-label="Docs">${Array.from({ length: 8 }, (_, i) => `<a href="/docs/guide-${i + 1}/">Guide ${i + 1}</a>`).join(' ')}</nav>
<main><h1>Guide ${n}</h1>
<div role="tablist" aria-label="Install with"><button role="tab" id="npm-${n}" aria-selected="true" aria-controls="np-${n}">npm</button><button role="tab" id="yarn-${n}" aria-selected="false" aria-controls="yp-${n}" tabindex="-1">yarn</button></div>
<div role="tabpanel" id="np-${n}" aria-labelledby="npm-${n}"><pre>npm install harbour</pre></div>
<div role="tabpanel" id="yp-${n}" aria-labelledby="yarn-${n}" hidden><pre>yarn add harbour</pre><img src="/yarn.png" width="40" height="40"></div>
</main><script>
document.querySelectorAll('[role=tab]').forEach((tab) => tab.addEventListener('click', () => {
  document.querySelectorAll('[role=tab]').forEach((t) => t.setAttribute('aria-selected', String(t === tab)));
  document.querySelectorAll('[role=tabpanel]').forEach((p) => { p.hidden = p.id !== tab.getAttribute('aria-controls'); });
}));
</script></body></html>`;
  const site = loopbackSite((_req, res, { path }) => {
    if (path.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const m = /^\/docs\/guide-(\d)\/$/.exec(path);
    const body = path === '/' ? `<!doctype html><html lang="en"><head><title>Harbour docs</title></head><body><main><h1>Harbour docs</h1>${Array.from({ length: 8 }, (_, i) => `<a href="/docs/guide-${i + 1}/">Guide ${i + 1}</a>`).join(' ')}</main></body></html>`
      : m ? doc(Number(m[1])) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('explores one content page for what it reveals, though the budget ran out first', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 3 });
    expect(bundle.pages).toHaveLength(3);
    expect(bundle.site.revealed_states!.map((s) => [new URL(s.url).pathname.startsWith('/docs/'), s.clicked])).toEqual([[true, 'yarn']]);
    const f = (report.findings ?? []).find((x) => x.check_id === 'a11y.image_alt')!;
    expect(((f.evidence!.pages as { nodes: { summary: string }[] }[])[0]!.nodes[0]!.summary)).toMatch(/^After clicking “yarn”/);
  });
});
