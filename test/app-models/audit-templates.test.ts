// An audit in real Chromium of a loopback catalogue with six product pages: without an app model the
// crawl spreads its budget by path shape (every kind of page, then products fill the rest); with the workspace's model (one page per template, the admin
// area never touched) it visits one product and the rest of the site, never requests /admin (not even
// as a link check), says what it skipped, and names the model version in its conditions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

const PRODUCTS = ['lamp', 'desk', 'chair', 'rug', 'vase', 'shelf'];
const doc = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav><main><h1>${title}</h1>${body}</main></body></html>`;

let server: Server;
let svc: TestService;
let key: string;
let site: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (path === '/') return send(200, doc('Catalogue', `<ul>${PRODUCTS.map((p) => `<li><a href="/products/${p}">${p}</a></li>`).join('')}</ul><p><a href="/admin/panel">Staff</a></p>`));
    if (path.startsWith('/products/') && PRODUCTS.includes(path.slice(10))) return send(200, doc(`The ${path.slice(10)}`, '<p>49.00 USD</p><p><a href="/">Back to the catalogue</a></p>'));
    if (path === '/about' || path === '/contact' || path.startsWith('/admin/')) return send(200, doc(path.slice(1), '<p>Hello.</p>'));
    return send(404, doc('Not found', ''));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  site = `http://localhost:${port}/`;
  svc = await startTestService({ QA_URL_ALLOWLIST: `localhost:${port}`, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', QA_MAX_PAGES: '8' });
  key = (await newWorkspace(svc.base)).key;
  await call(svc.base, 'PUT', '/gremlin/domains', { key, body: { host: 'localhost', allow_mutation: false } });
});
afterAll(async () => {
  await svc?.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

async function audit(withKey: boolean) {
  const started = await call(svc.base, 'POST', '/audits', { key: withKey ? key : undefined, body: { url: site } });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  await readEvents(`${svc.base}${started.json.events_url}`, { timeoutMs: 90_000 });
  return (await call(svc.base, 'GET', `/audits/${started.json.run_id}/report.json`)).json;
}

const productPages = (report: any) => report.pages.filter((p: any) => new URL(p.url).pathname.startsWith('/products/'));

describe('audits with an app model', () => {
  it('without a model, every kind of page is visited and products fill the rest of the budget', async () => {
    const report = await audit(false);
    expect(report.conditions.app_model).toBeUndefined();
    expect(report.pages.map((p: any) => new URL(p.url).pathname)).toEqual(expect.arrayContaining(['/', '/about', '/contact', '/admin/panel']));
    expect(productPages(report).length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('with one, visit one page per template, the rest of the site, and never the admin area', async () => {
    const v = await call(svc.base, 'PUT', '/app-model/localhost', { key, body: { templates: [{ name: 'product', pattern: '/products/:slug' }], never_touch: { urls: ['/admin/**'] } } });
    expect(v.status).toBe(200);
    const mark = hits.length;
    const report = await audit(true);
    expect(report.status).toBe('succeeded');
    expect(report.conditions.app_model).toEqual({ domain: 'localhost', version: v.json.version });
    expect(productPages(report).map((p: any) => new URL(p.url).pathname)).toEqual(['/products/lamp']);
    expect(report.pages.map((p: any) => new URL(p.url).pathname)).toEqual(expect.arrayContaining(['/', '/about', '/contact']));
    expect(hits.slice(mark).filter((p) => p.startsWith('/admin'))).toEqual([]);
    expect(report.notes.join('\n')).toMatch(/app model's templates and never-touch areas kept the crawl from 6 pages/);
  }, 120_000);
});
