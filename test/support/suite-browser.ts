// A Chromium for the describe block that asks for it: launched before its tests, closed after them.
// (Its own file: test/support/audit.ts is also imported outside vitest, by the benchmarks.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { newBrowser } from './audit.js';

export function suiteBrowser(): () => Browser {
  let handle: BrowserHandle | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    handle = newBrowser();
    browser = await handle.get();
  });
  afterAll(() => handle?.close());
  return () => browser!;
}
