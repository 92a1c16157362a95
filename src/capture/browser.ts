// One shared Chromium per process, launched lazily and relaunched when it dies. Its own
// background traffic goes through a guard proxy that refuses everything but allowlisted hosts.
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { startGuardProxy, type GuardProxy } from '../guard/proxy.js';
import type { GuardOptions } from '../guard/options.js';
import { chromiumPssMb } from './chromium-memory.js';

// Loaded through require, not import: Playwright is CommonJS, and importing it from ES modules first runs
// Node's export scanner over its files, which made the command's start about 0.25 s slower.
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
  '--dns-prefetch-disable',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Memory: no separate GPU process, no spare renderer kept warm, no back/forward cache.
  '--in-process-gpu',
  '--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions,SpareRendererForSitePerProcess,BackForwardCache',
  '--enable-features=NetworkServiceInProcess2',
  // navigator.webdriver false, as in a visitor's browser: consent managers hide their banner from
  // automated browsers (cookieconsent's hide_from_bots), and the audit must see what a visitor is asked.
  // The user agent still names siteqa.
  '--disable-blink-features=AutomationControlled',
];

export interface BrowserHandle {
  get(): Promise<Browser>;
  /** Restarts counted since start (crashes or recycling). */
  restarts(): number;
  close(): Promise<void>;
}

export interface BrowserRecycling {
  /** Runs (get() calls) one browser serves before it is replaced: leaks in long-lived Chromium stay bounded. */
  afterRuns?: number;
  /** Replace the browser when this process's Chromium PSS exceeds this many MB. */
  maxMemoryMb?: number;
}

export function createBrowserHandle(opts: { executablePath: string; guard: GuardOptions; recycle?: BrowserRecycling }): BrowserHandle {
  let launching: Promise<Browser> | null = null;
  let proxy: GuardProxy | null = null;
  let restarts = 0;
  let closed = false;
  let served = 0;
  // Replaced browsers finish the runs they hold, then close; their disconnect is not a crash.
  const retired = new Set<Browser>();
  // Memory is judged only while no replaced browser still runs: their pages would count against the new one.
  const recycleDue = () =>
    served >= (opts.recycle?.afterRuns ?? Infinity) ||
    (opts.recycle?.maxMemoryMb !== undefined && retired.size === 0 && chromiumPssMb() > opts.recycle.maxMemoryMb);
  const retire = (current: Promise<Browser>) => {
    launching = null;
    served = 0;
    restarts++;
    void current.then((old) => {
      retired.add(old);
      // Close once its runs closed their contexts (a run ends by its deadline); poll, contexts emit no count.
      const timer = setInterval(() => {
        if (old.contexts().length > 0) return;
        clearInterval(timer);
        void old.close().catch(() => {});
      }, 500);
      timer.unref();
      old.once('disconnected', () => {
        clearInterval(timer);
        retired.delete(old);
      });
    }, () => {});
  };

  const launch = async (): Promise<Browser> => {
    proxy ??= await startGuardProxy({ ...opts.guard, allowlist: [] });
    const browser = await chromium.launch({
      executablePath: opts.executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      // Default proxy for anything not in a run's context (background traffic): allows nothing.
      proxy: { server: proxy.url, bypass: '<-loopback>' },
      timeout: 30_000,
    });
    browser.on('disconnected', () => {
      if (!closed && !retired.has(browser)) {
        restarts++;
        launching = null;
      }
    });
    return browser;
  };

  return {
    get() {
      if (closed) return Promise.reject(new Error('browser handle closed'));
      if (launching && recycleDue()) retire(launching);
      served++;
      launching ??= launch().catch((err) => {
        launching = null;
        throw err;
      });
      return launching;
    },
    restarts: () => restarts,
    async close() {
      closed = true;
      const b = await launching?.catch(() => null);
      await Promise.all([b, ...retired].map((x) => x?.close().catch(() => {})));
      await proxy?.close();
    },
  };
}
