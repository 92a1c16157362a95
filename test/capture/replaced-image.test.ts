// An image whose source fails is a hole in the page, unless the page's own script covers it with a
// source that loads (an onerror fallback, a placeholder library such as holder.js drawing
// `holder.js/100px180`, also when it swaps the source before the failure arrives): then nothing is
// missing on screen, and the failed request is info. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60"><rect width="100" height="60" fill="#ccc"/></svg>')}`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cards</title></head><body><main><h1>Cards</h1>
<img src="/img/team.jpg" width="100" height="60" alt="The team" onerror="this.onerror=null;this.src='${PLACEHOLDER}'">
<img src="holder.js/100x60" width="100" height="60" alt="Card image" class="holder">
<img src="/img/gone.jpg" width="100" height="60" alt="Office">
<img src="/img/slow/800x400" width="100" height="60" alt="Slide" class="early">
<script>
  // Swapped before the (slow) 404 arrives: the load is cancelled and no error event fires.
  document.querySelectorAll('img.early').forEach((i) => { i.src = '${PLACEHOLDER}'; });
  // What holder.js does once the page has loaded: draws every holder.js/ image as an SVG placeholder.
  addEventListener('load', () => document.querySelectorAll('img.holder').forEach((i) => { i.src = '${PLACEHOLDER}'; }));
</script></main></body></html>`;

describe('a failed image the page replaced', () => {
  const site = loopbackSite((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url?.startsWith('/img/slow/')) return void setTimeout(() => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'), 800);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });

  it('is info when the page covered it, and stays critical when the hole shows', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1 });
    const replaced = (bundle.pages[0]!.dom!.replaced_images ?? []).map((x) => new URL(x.earlier_src).pathname).sort();
    expect(replaced).toEqual(['/holder.js/100x60', '/img/slow/800x400', '/img/team.jpg']);
    const failed = (report.findings ?? []).filter((f) => f.check_id === 'http.failed_resource');
    const bySeverity = Object.fromEntries(failed.map((f) => [f.severity, ((f.evidence?.resources ?? f.evidence?.items) as { url: string }[] | undefined)?.map((r) => new URL(r.url).pathname).sort()]));
    expect(Object.keys(bySeverity).sort()).toEqual(['critical', 'info']);
    expect(bySeverity.critical).toEqual(['/img/gone.jpg']);
    // The swapped-early image's request may be cancelled (not a failure at all) or answer 404 late: never a hole.
    expect(bySeverity.info?.filter((p) => p !== '/img/slow/800x400')).toEqual(['/holder.js/100x60', '/img/team.jpg']);
  }, 60_000);
});
