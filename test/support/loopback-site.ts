// A describe block's own small site for real-Chromium audits: its request handler served on loopback
// and a Chromium, both started before the block's tests and closed after them. `audit(path)` runs the
// product's audit (test/support/audit.ts) against it, the site allowlisted.
import type http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from './audit.js';
import { serveOnLoopback, type LoopbackServer } from './loopback.js';

type AuditOptions = NonNullable<Parameters<typeof auditSite>[3]>;

export interface LoopbackSite {
  /** `http://127.0.0.1:PORT`, once the block's tests run. */
  origin(): string;
  browser(): BrowserHandle;
  audit(path?: string, over?: AuditOptions): ReturnType<typeof auditSite>;
}

/** `handler` also gets the site's origin (for sitemaps and absolute links) and the request's path. */
export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse, site: { origin: string; path: string }) => void;

export function loopbackSite(handler: SiteHandler): LoopbackSite {
  let browser: BrowserHandle | undefined;
  let server: LoopbackServer | undefined;
  beforeAll(async () => {
    browser = newBrowser();
    server = await serveOnLoopback((req, res) => handler(req, res, { origin: server!.origin, path: new URL(req.url ?? '/', 'http://x').pathname }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    origin: () => server!.origin,
    browser: () => browser!,
    audit: (path = '/', over = {}) => auditSite(browser!, `${server!.origin}${path}`, [server!.host], over),
  };
}
