// A browser context for one run: its own guard proxy, the performance observers and image-error log, beacons answered
// locally with 204 (QA traffic never reaches the customer's analytics), service workers blocked.
import type { Browser, BrowserContext } from 'playwright-core';
import { isBeaconUrl } from '../evidence/vendors.js';
import { IMAGE_ERRORS_SCRIPT } from './in-page/image-errors.js';
import { PERF_OBSERVER_SCRIPT } from './in-page/perf-observer.js';
import { CRAWLER_TOKEN } from './robots-policy.js';

export const VIEWPORT = { width: 1280, height: 800 };

const SERVICE_WORKER_PENDING_SCRIPT = `if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = function () { return new Promise(() => {}); };`;

/** A phone's width as WCAG 1.4.10 (Reflow) sets it: 320 CSS px, a 1280 px window zoomed to 400%. */
export const NARROW_VIEWPORT = { width: 320, height: 640 };

export async function newRunContext(browser: Browser, proxyUrl: string, userAgent: string, viewport: { width: number; height: number } = VIEWPORT): Promise<BrowserContext> {
  const context = await browser.newContext({
    proxy: { server: proxyUrl, bypass: '<-loopback>' },
    viewport,
    userAgent,
    locale: 'en-US',
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  // Service workers are blocked (a run must not leave a cache behind, nor answer later pages from it).
  // Playwright's block makes `register()` resolve to undefined, which no browser does: a site reading
  // `registration.waiting` then throws an error of ours. Registration here stays pending, as on a
  // browser still installing the worker.
  await context.addInitScript({ content: SERVICE_WORKER_PENDING_SCRIPT });
  await context.addInitScript({ content: PERF_OBSERVER_SCRIPT });
  await context.addInitScript({ content: IMAGE_ERRORS_SCRIPT });
  await context.route(
    (url) => isBeaconUrl(url.href),
    (route) => route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' }, body: '' }).catch(() => {}),
  );
  return context;
}

/** Chromium's user agent without the "Headless" marker, plus an honest siteqa token. */
export function userAgentFor(browser: Browser): string {
  const v = browser.version();
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36 ${CRAWLER_TOKEN}/0.1`;
}
