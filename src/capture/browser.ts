// One shared Chromium per process, launched lazily and relaunched when it dies. Its own
// background traffic goes through a guard proxy that refuses everything but allowlisted hosts.
import { chromium, type Browser } from 'playwright-core';
import { startGuardProxy, type GuardProxy } from '../guard/proxy.js';
import type { GuardOptions } from '../guard/options.js';

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
];

export interface BrowserHandle {
  get(): Promise<Browser>;
  /** Restarts counted since start (crashes or recycling). */
  restarts(): number;
  close(): Promise<void>;
}

export function createBrowserHandle(opts: { executablePath: string; guard: GuardOptions }): BrowserHandle {
  let launching: Promise<Browser> | null = null;
  let proxy: GuardProxy | null = null;
  let restarts = 0;
  let closed = false;

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
      if (!closed) {
        restarts++;
        launching = null;
      }
    });
    return browser;
  };

  return {
    get() {
      if (closed) return Promise.reject(new Error('browser handle closed'));
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
      await b?.close().catch(() => {});
      await proxy?.close();
    },
  };
}
