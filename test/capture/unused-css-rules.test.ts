// A theme's stylesheet names files for components the site does not use (Revolution Slider's loader, the
// slick carousel's icon font): missing, but no element of the page meets the rule. A rule that applies
// (on hover, at another width) still counts. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const css = `.tp-loader { background: url(/assets/loader.gif) }
@font-face { font-family: 'slick'; src: url(/fonts/slick.woff) format('woff') }
.slick-prev:before { font-family: 'slick'; content: '←' }
.hero:hover { background: url(/img/hero-hover.png) }
@media (max-width: 500px) { .hero { background: url(/img/hero-small.png) } }`;
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agency</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/css/theme.css">
<link rel="icon" href="data:,"></head><body><main><h1>Agency</h1><div class="hero">We build websites.</div></main></body></html>`;

describe('rules of a theme that apply to nothing', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/css/theme.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(css);
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(path === '/' ? page : 'not found');
  });

  it('name missing files that no visitor meets: info; a rule that applies in another state stays a warning', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const refs = bundle.pages[0]!.dom!.css_refs!.map((r) => [new URL(r.url).pathname, r.unused ?? false]);
    expect(refs).toEqual([['/assets/loader.gif', true], ['/fonts/slick.woff', true], ['/img/hero-hover.png', false], ['/img/hero-small.png', false]]);
    const findings = (report.findings ?? []).filter((f) => f.check_id === 'http.css_resource_broken').map((f) => [f.title.replace(/ \(404\).*$/, ''), f.severity]).sort();
    expect(findings).toEqual([
      ['Stylesheet /css/theme.css refers to missing /assets/loader.gif', 'info'],
      ['Stylesheet /css/theme.css refers to missing /fonts/slick.woff', 'info'],
      ['Stylesheet /css/theme.css refers to missing /img/hero-hover.png', 'warning'],
      ['Stylesheet /css/theme.css refers to missing /img/hero-small.png', 'warning'],
    ]);
  });
});
