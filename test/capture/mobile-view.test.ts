// The start page at a phone's width (320 CSS px, WCAG 1.4.10): a header whose menu button shows only on
// phones, without a name, and a tagline that does not wrap, so the page scrolls sideways; beside it the
// same page done right (a named button, text that wraps, a wide table scrolling in its own box, an
// off-canvas drawer kept fixed, a contents menu that slides in from beyond the right edge). Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const css = (nowrap: boolean) => `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#222;background:#fff}
header{display:flex;justify-content:space-between;align-items:center;padding:8px 16px;background:#0b3d91;color:#fff}
header a{color:#fff}
.menu{display:none;width:44px;height:44px;background:#fff;border:0}
.menu svg{width:24px;height:24px}
@media (max-width: 700px){ nav{display:none} .menu{display:block} }
.tagline{font-size:28px;${nowrap ? 'white-space:nowrap;' : ''}}
.scroll{overflow-x:auto}
.drawer{position:fixed;top:0;right:0;width:280px;height:100%;transform:translateX(100%);background:#fff}
main{padding:0 16px}
.toc{animation:slide-in 3s forwards}
@keyframes slide-in{from{transform:translateX(500px)}to{transform:none}}`;
const page = (broken: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour studio${broken ? '' : ' (good)'}</title>
<style>${css(broken)}</style></head><body>
<header><a href="/">Harbour</a><nav aria-label="Main"><a href="/">Work</a> <a href="/">About</a></nav>
<button class="menu"${broken ? '' : ' aria-label="Menu"'}><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="#000"/></svg></button></header>
<div class="drawer" aria-hidden="true"></div>
<main><h1>Harbour studio</h1><p class="tagline">We design calm, fast websites for harbour towns</p>
<div class="scroll"><table><tr>${'<td>Column&nbsp;with&nbsp;data</td>'.repeat(6)}</tr></table></div>
${broken ? '' : '<aside class="toc"><a href="/">On this page</a></aside>'}</main>
</body></html>`;

// A page that hides sideways overflow on its body (as many themes do, to keep an off-canvas menu from
// making the page scroll): an e-mail address in a heading that does not wrap is cut off at 320 px, while
// the menu parked beyond the right edge is out of sight on purpose.
const clipped = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour physio</title>
<style>body{margin:0;overflow-x:hidden;font:16px/1.5 system-ui,sans-serif}main{padding:0 16px;position:relative}
.mail{font-size:26px;white-space:nowrap}.drawer{position:absolute;top:0;left:100%;width:260px;background:#fff}</style></head><body>
<main><h1>Harbour physio</h1><p class="mail">hello@harbour-physiotherapy-falmouth.co.uk</p>
<nav class="drawer" aria-label="Menu"><a href="/">Home</a> <a href="/">Book</a></nav></main></body></html>`;

describe("the start page at a phone's width", () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? page(true) : path === '/good/' ? page(false) : path === '/clipped/' ? clipped : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('reports what fails only there and a page that scrolls sideways, with its picture', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const view = bundle.site.mobile_view!;
    expect(view.viewport).toEqual({ width: 320, height: 640 });
    expect(view.reflow).toMatchObject({ viewport_width: 320, clipped: false });
    expect(view.reflow!.content_width).toBeGreaterThan(400);
    expect(view.reflow!.culprits[0]).toMatchObject({ tag: 'p', two_dimensional: false });
    expect(view.screenshot).toMatchObject({ width: 320, height: 640 });
    expect(bundle.images?.some((i) => i.id === view.screenshot!.image)).toBe(true);

    const findings = report.findings ?? [];
    const reflow = findings.find((f) => f.check_id === 'a11y.reflow');
    expect(reflow).toMatchObject({ severity: 'warning' });
    expect(reflow!.title).toMatch(/^Page is \d+ px wide at 320 px: it scrolls sideways \(widest: p “We design calm/);
    // The button shown only on phones has no name: found by the phone-width view alone.
    const unnamed = findings.find((f) => f.check_id === 'a11y.button_name');
    expect(unnamed).toMatchObject({ severity: 'critical' });
    const nodes = (unnamed!.evidence!.pages as { nodes: { target: string; summary: string }[] }[])[0]!.nodes;
    expect(nodes.map((n) => n.summary.startsWith('At 320 px wide'))).toEqual([true]);
  });

  it('passes a page that reflows, a wide table scrolling in its own box, a drawer kept fixed and a menu sliding in from beyond the edge', async () => {
    const { bundle, report } = await site.audit('/good/', { maxPages: 1 });
    expect(bundle.site.mobile_view!.reflow).toMatchObject({ viewport_width: 320, content_width: 320, culprits: [] });
    expect((report.findings ?? []).filter((f) => f.check_id === 'a11y.reflow' || f.check_id === 'a11y.button_name')).toEqual([]);
  });

  it('reports text cut off where the page hides sideways overflow, not the menu parked beyond the edge', async () => {
    const { bundle, report } = await site.audit('/clipped/', { maxPages: 1 });
    expect(bundle.site.mobile_view!.reflow).toMatchObject({ clipped: true });
    const f = (report.findings ?? []).find((x) => x.check_id === 'a11y.reflow')!;
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f.title).toMatch(/^Text is cut off at 320 px: the page hides what sticks out past the edge \(widest: p “hello@harbour-physiotherapy/);
    expect((f.evidence!.culprits as { tag: string }[]).map((c) => c.tag)).toEqual(['p']);
  });
});
