// Which files held the first render back, as the browser says (Resource Timing's renderBlockingStatus):
// a stylesheet in the head did; one a script adds after load did not, whenever its request started. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour bakery</title>
<link rel="stylesheet" href="/theme.css"></head><body><main><h1>Fresh bread</h1><p>Open from seven.</p></main>
<script>addEventListener('load', () => { const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = '/extras.css'; document.head.appendChild(l); });</script></body></html>`;

describe('render-blocking files', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path.endsWith('.css')) return void res.writeHead(200, { 'content-type': 'text/css' }).end('main{padding:8px}');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });

  it("are the ones the browser marks: the head's stylesheet, not one a script added after load", async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const marked = bundle.pages[0]!.performance!.render_blocking!;
    expect(marked.map((u) => new URL(u).pathname)).toEqual(['/theme.css']);
    const f = (report.findings ?? []).find((x) => x.check_id === 'perf.render_blocking_resources');
    expect(JSON.stringify(f?.evidence ?? {})).not.toContain('extras.css');
  }, 60_000);
});
