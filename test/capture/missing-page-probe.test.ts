// The missing-page probe in a real audit: one GET of a random path per run, through the guard. A
// single-page app whose server answers every path with its shell, and a site that redirects unknown
// paths to its home page, are flagged; a site answering 404 (the clean fixture) is not.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { serveSite } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

const SHELL = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1><div id="app">Loading…</div></body></html>';

/** A loopback site: `answer` decides per path; every request path is recorded. */
async function site(answer: (path: string, res: http.ServerResponse) => void) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    paths.push(`${req.method} ${path}`);
    answer(path, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, allowlist: [`127.0.0.1:${port}`], paths, close: () => new Promise((r) => server.close(r)) };
}

const html = (res: http.ServerResponse, status = 200) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(SHELL);
const probes = (paths: string[]) => paths.filter((p) => /\/siteqa-missing-page-[0-9a-f]{12}$/.test(p));

describe('missing-page probe', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('flags a single-page app that answers every path with its shell', async () => {
    const spa = await site((_path, res) => html(res));
    try {
      const { bundle, report } = await auditSite(browser, spa.url, spa.allowlist, { maxPages: 1 });
      expect(probes(spa.paths)).toHaveLength(1);
      expect(probes(spa.paths)[0]).toMatch(/^GET /);
      expect(bundle.site.missing_page_probe).toMatchObject({ status: 200, redirects: 0, title: 'Shop', error: null });
      const finding = report.findings!.find((f) => f.check_id === 'http.missing_page_status');
      expect(finding).toMatchObject({ tier: 'verified', severity: 'warning', section: 'works', title: 'A missing page answers 200 instead of 404' });
    } finally {
      await spa.close();
    }
  }, 60_000);

  it('flags a site that redirects unknown paths to its home page', async () => {
    const redirecting = await site((path, res) => (path === '/' ? html(res) : res.writeHead(302, { location: '/' }).end()));
    try {
      const { bundle, report } = await auditSite(browser, redirecting.url, redirecting.allowlist, { maxPages: 1 });
      expect(bundle.site.missing_page_probe).toMatchObject({ status: 200, redirects: 1, final_url: redirecting.url });
      const finding = report.findings!.find((f) => f.check_id === 'http.missing_page_status');
      expect(finding?.title).toBe('A missing page redirects to / and answers 200');
    } finally {
      await redirecting.close();
    }
  }, 60_000);

  it('passes a site whose missing pages answer 404', async () => {
    const clean = await serveSite('clean');
    try {
      const { bundle, report } = await auditSite(browser, clean.url, clean.allowlist, { maxPages: 1 });
      expect(bundle.site.missing_page_probe?.status).toBe(404);
      expect(report.checks!.find((c) => c.id === 'http.missing_page_status')).toMatchObject({ outcome: 'passed', findings: 0 });
    } finally {
      await clean.close();
    }
  }, 60_000);
});
