// Shared pieces of the page tests: the browser, a loopback server that serves pages under our CSP, and axe.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PAGE_CSP } from '../../src/html/chrome.js';
import { WEB_ASSETS } from '../../src/api/pages/assets.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || defaultChromiumPath(), args: ARGS });
}

/**
 * A context that refuses every request leaving loopback and records it, so a test can assert that a
 * page fetches nothing from the outside world (no CDN, no fonts, no prefetch of audited URLs).
 */
export async function loopbackContext(browser: Browser, width: number, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return { context, outside };
}

/** Console errors and page errors: a CSP refusal or a script bug shows up here. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

/** Serves our assets, then hands everything else to `handler`; HTML pages get the strict CSP. */
export async function startServer(handler: Handler): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const asset = WEB_ASSETS[req.url ?? ''];
      if (asset) {
        res.writeHead(200, { 'content-type': asset.contentType });
        res.end(asset.body);
        return;
      }
      Promise.resolve(handler(req, res, body)).catch((err) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export function sendHtml(res: ServerResponse, html: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP });
  res.end(html);
}

export function sendEvent(res: ServerResponse, id: number, event: string, data: unknown): void {
  res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core WCAG 2 A/AA violations on the page as it stands (details opened first by the caller if wanted). */
export async function axeViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  // Evaluated over the DevTools protocol, so the page's own CSP does not stop it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

export type { Browser, BrowserContext, Page };
