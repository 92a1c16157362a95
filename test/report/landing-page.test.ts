// The landing page in real Chromium under the strict CSP: refusals shown by the box, a run followed to its report.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from '../../src/report/html.js';
import { renderLandingHtml } from '../../src/web/landing.js';
import { finishedReport } from './fixtures/report.js';
import { axeViolations, launchBrowser, loopbackContext, sendEvent, sendHtml, startServer, watchErrors, type Browser } from './support.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
const posted: unknown[] = [];
const streams: ServerResponse[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer((req, res, body) => {
    if (req.url === '/' && req.method === 'GET') return sendHtml(res, renderLandingHtml({ apiBase: '/api/v1' }));
    if (req.url === '/api/v1/audits' && req.method === 'POST') {
      const input = JSON.parse(body) as { url: string };
      posted.push({ body: input, type: req.headers['content-type'] });
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      if (input.url.includes('intranet')) return json(422, { code: 'unsafe_url', hint: 'The host resolves to a private address.' });
      if (input.url.includes('busy')) return json(503, { code: 'at_capacity', hint: 'All free audit slots are busy; nothing was queued.' }, { 'retry-after': '30' });
      return json(202, { run_id: 'run-7', status: 'queued', events_url: '/api/v1/audits/run-7/events', report_url: '/r/tok7' });
    }
    if (req.url === '/api/v1/audits/run-7/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      sendEvent(res, 1, 'queued', { run_id: 'run-7', url: 'https://shop.example.com/' });
      sendEvent(res, 2, 'started', { run_id: 'run-7' });
      sendEvent(res, 3, 'page', { url: 'https://shop.example.com/', final_url: 'https://shop.example.com/', status: 200, index: 0, max_pages: 20 });
      streams.push(res);
      return;
    }
    if (req.url === '/r/tok7') return sendHtml(res, renderReportHtml(finishedReport(), { eventsUrl: '', docsBase: '' }));
    res.writeHead(404);
    res.end();
  });
});
afterAll(async () => { for (const s of streams) s.end(); await server?.close(); await browser?.close(); });

describe('landing page', () => {
  it('looks right at desktop and phone widths and passes axe WCAG 2.1 AA', async () => {
    for (const width of [1280, 390]) {
      const { context, outside } = await loopbackContext(browser, width);
      const page = await context.newPage();
      const errors = watchErrors(page);
      try {
        await page.goto(`${server.origin}/`);
        expect(await page.getByRole('textbox', { name: 'Website address' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Audit' }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/v1/docs');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        expect(outside).toEqual([]);
        await page.screenshot({ path: `/tmp/siteqa-landing-${width}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it('shows the API refusal hint next to the box, with Retry-After for 503', async () => {
    const { context } = await loopbackContext(browser, 390);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${server.origin}/`);
      const box = page.getByRole('textbox', { name: 'Website address' });
      await box.fill('https://intranet.corp.example/');
      await page.getByRole('button', { name: 'Audit' }).click();
      const error = page.locator('#audit-error');
      await error.filter({ hasText: 'private address' }).waitFor();
      expect(await error.innerText()).toBe('The host resolves to a private address. (unsafe_url)');
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#audit-progress').isVisible()).toBe(false);

      await box.fill('https://busy.example/');
      await page.getByRole('button', { name: 'Audit' }).click();
      await error.filter({ hasText: 'Try again in 30 seconds.' }).waitFor();
      expect(await error.innerText()).toBe('All free audit slots are busy; nothing was queued. (at_capacity) Try again in 30 seconds.');
      await page.screenshot({ path: '/tmp/siteqa-landing-error-390.png' });
      // The failed POSTs themselves are logged by Chromium as console errors; nothing else may be.
      expect(errors.filter((e) => !/status of (422|503)/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('posts the URL, follows the run live, and opens the report at the end', async () => {
    const { context, outside } = await loopbackContext(browser, 1280);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${server.origin}/`);
      posted.length = 0;
      await page.getByRole('textbox', { name: 'Website address' }).fill('  shop.example.com ');
      await page.getByRole('button', { name: 'Audit' }).click();
      const steps = page.locator('#audit-steps li');
      await steps.filter({ hasText: 'Visited / — 200' }).waitFor();
      expect(posted).toEqual([{ body: { url: 'https://shop.example.com', source: 'landing' }, type: 'application/json' }]);
      expect(await steps.allInnerTexts()).toEqual(['Audit queued', 'Browser started', 'Visited / — 200 (page 1 of at most 20)']);
      expect(await page.locator('#audit-report-link').getAttribute('href')).toBe(`${server.origin}/r/tok7`);
      await page.screenshot({ path: '/tmp/siteqa-landing-running-1280.png' });

      sendEvent(streams[streams.length - 1], 4, 'end', { status: 'succeeded', failure_reason: null, report_url: '/r/tok7' });
      await page.waitForURL(`${server.origin}/r/tok7`);
      await page.locator('.grades').waitFor();
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
