// The progress page in real Chromium under the strict CSP: live steps from SSE, reload into the report, no-JS refresh.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from '../../src/report/html.js';
import { finishedReport, runningReport } from './fixtures/report.js';
import { launchBrowser, loopbackContext, sendEvent, sendHtml, startServer, watchErrors, type Browser } from './support.js';

const EVENTS = '/api/v1/audits/run-1/events';
let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let state: { done: boolean; reportHits: number; streams: ServerResponse[] };

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer((req, res) => {
    if (req.url === '/r/tok') {
      state.reportHits++;
      const report = state.done ? finishedReport() : runningReport();
      return sendHtml(res, renderReportHtml(report, { eventsUrl: EVENTS, docsBase: '' }));
    }
    if (req.url === EVENTS) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      sendEvent(res, 1, 'queued', { run_id: 'run-1', url: 'https://shop.example.com/' });
      sendEvent(res, 2, 'started', { run_id: 'run-1' });
      sendEvent(res, 3, 'page', { url: 'https://shop.example.com/', final_url: 'https://shop.example.com/', status: 200, index: 0, max_pages: 20 });
      sendEvent(res, 3, 'page', { url: 'https://shop.example.com/', final_url: 'https://shop.example.com/', status: 200, index: 0, max_pages: 20 });
      sendEvent(res, 4, 'page', { url: 'https://shop.example.com/<b>x</b>', final_url: 'https://shop.example.com/pricing?plan=<b>pro</b>', status: 404, index: 1, max_pages: 20 });
      sendEvent(res, 5, 'page', { url: 'x', final_url: '<img src=x onerror=alert(1)>', status: null, index: 2, max_pages: 20 });
      state.streams.push(res);
      return;
    }
    res.writeHead(404);
    res.end();
  });
});
afterAll(async () => { await server?.close(); await browser?.close(); });
afterEach(() => { for (const s of state.streams) s.end(); });

function reset() { state = { done: false, reportHits: 0, streams: [] }; }

describe('progress page', () => {
  it('lists steps as events arrive, then reloads into the finished report, with no CSP error', async () => {
    reset();
    const { context, outside } = await loopbackContext(browser, 390);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    try {
      await page.goto(`${server.origin}/r/tok`);
      const steps = page.locator('#steps li');
      await steps.filter({ hasText: 'did not load (page 3 of at most 20)' }).waitFor();
      expect(await steps.allInnerTexts()).toEqual([
        'Audit queued',
        'Browser started',
        'Visited / — 200 (page 1 of at most 20)',
        'Visited /pricing?plan=%3Cb%3Epro%3C/b%3E — 404 (page 2 of at most 20)',
        'Visited <img src=x onerror=alert(1)> — did not load (page 3 of at most 20)',
      ]);
      expect(await page.locator('#steps img').count()).toBe(0);
      expect(dialogs).toEqual([]);
      expect(await page.locator('#run-status').innerText()).toBe('Running');
      // The inline stylesheet is allowed by its hash: the page is styled, not raw.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 248, 250)');
      await page.screenshot({ path: '/tmp/siteqa-progress-390.png', fullPage: true });

      const stream = state.streams[0];
      sendEvent(stream, 6, 'checks', { findings: 14 });
      await steps.filter({ hasText: 'Checks ran: 14 findings' }).waitFor();
      state.done = true;
      sendEvent(stream, 7, 'end', { status: 'succeeded', failure_reason: null, report_url: '/r/tok' });
      await page.locator('.grades').waitFor({ timeout: 10_000 });
      expect(state.reportHits).toBe(2);
      expect(await page.locator('.grades .grade-card').count()).toBe(6);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript, refreshes itself until the report is ready', async () => {
    reset();
    const { context } = await loopbackContext(browser, 390, { javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/r/tok`);
      expect(await page.locator('#steps li').allInnerTexts()).toEqual(['Audit queued', 'Browser started']);
      state.done = true;
      await page.locator('.grades').waitFor({ timeout: 12_000 });
      expect(state.reportHits).toBe(2);
      expect(state.streams).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
