// A page whose accessibility run fails in the crawl is not a page that passed. Shaped like Lab@Home's
// FFTW tutorial (Hugo, Monokai code blocks: comments #75715e on #272822, 75 low-contrast elements),
// where axe ran out of its crawl limit under load in one audit and found the violation in the next.
// Here the page holds its main thread for 11 s once axe arrives, on its first load in the browser
// only (a passing slowdown); a second page leaves axe unable to run on every load.
// Real Chromium, loopback server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { CRAWL_AXE_MS } from '../../src/capture/axe.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveOnLoopback, type LoopbackServer } from '../support/loopback.js';

const comment = (i: number) => `<span style="color:#75715e">// step ${i}: plan the transform once, execute it many times</span>\n`;
const code = (n: number) => `<pre style="background-color:#272822;color:#f8f8f2;padding:1em"><code>${Array.from({ length: n }, (_, i) => `${comment(i)}<span style="color:#a6e22e">fftw_execute</span>(p);\n`).join('')}</code></pre>`;
const page = (title: string, body: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${script}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** Holds the main thread for longer than the crawl gives axe, once axe is injected: on this browser's first load of the page only. */
const SLOW_ONCE = `<script>
if (!localStorage.getItem('loaded-before')) {
  localStorage.setItem('loaded-before', '1');
  const t = setInterval(() => { if (window.axe) { clearInterval(t); const end = Date.now() + ${CRAWL_AXE_MS + 1000}; while (Date.now() < end) {} } }, 10);
}
</script>`;
/** A page whose own global leaves the engine unable to run, on every load. */
const BREAKS_AXE = `<script>Object.defineProperty(window, 'axe', { value: { run: () => Promise.reject(new Error('axe.run is not available on this page')) }, writable: false, configurable: false });</script>`;

describe('a page whose axe run fails in the crawl', () => {
  let browser: BrowserHandle;
  let server: LoopbackServer;
  let origin = '';
  beforeAll(async () => {
    browser = newBrowser();
    server = await serveOnLoopback((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const html = (s: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(s);
      if (path === '/slow/') return html(page('Lab', '<p><a href="/slow/fftw-tutorial/">FFTW tutorial</a></p>'));
      if (path === '/slow/fftw-tutorial/') return html(page('FFTW tutorial', `<p>Plans are made once.</p>${code(40)}`, SLOW_ONCE));
      if (path === '/broken/') return html(page('Lab', '<p><a href="/broken/fftw-tutorial/">FFTW tutorial</a></p>'));
      if (path === '/broken/fftw-tutorial/') return html(page('FFTW tutorial', `<p>Plans are made once.</p>${code(40)}`, BREAKS_AXE));
      res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', ''));
    });
    origin = server.origin;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is checked again alone: the contrast violation the crawl\'s run missed is reported, and the evidence keeps the crawl\'s error', async () => {
    const { bundle, report } = await auditSite(browser, `${origin}/slow/`, [new URL(origin).host], { maxPages: 5 });
    const tutorial = bundle.pages.find((p) => p.final_url.endsWith('/fftw-tutorial/'))!;
    expect(tutorial.accessibility).toMatchObject({ error: null, crawl_error: expect.stringMatching(/timed out/) });
    expect(tutorial.accessibility!.violations.find((v) => v.id === 'color-contrast')?.total).toBe(40);
    const contrast = report.findings!.find((f) => f.check_id === 'a11y.color_contrast');
    expect(contrast?.evidence).toMatchObject({ page: `${origin}/slow/fftw-tutorial/`, elements: 40 });
    expect(report.findings!.map((f) => f.check_id)).not.toContain('a11y.not_measured');
    expect(report.sections!.accessible.grade).not.toBe('A');
    expect(bundle.notes).toContain('axe failed on 1 page during the crawl and was run again on it alone');
  }, 90_000);

  it('is reported as not measured when axe fails alone too: never a clean Accessible section', async () => {
    const { bundle, report } = await auditSite(browser, `${origin}/broken/`, [new URL(origin).host], { maxPages: 5 });
    const tutorial = bundle.pages.find((p) => p.final_url.endsWith('/fftw-tutorial/'))!;
    expect(tutorial.accessibility).toMatchObject({ error: expect.stringContaining('axe.run is not available'), crawl_error: expect.stringContaining('axe.run is not available') });
    const f = report.findings!.find((x) => x.check_id === 'a11y.not_measured');
    expect(f).toMatchObject({ severity: 'warning', title: 'Accessibility was not checked on 1 page' });
    expect(f!.evidence).toMatchObject({ page: `${origin}/broken/fftw-tutorial/` });
    expect(report.sections!.accessible.grade).not.toBe('A');
  }, 90_000);
});
