// The shared browser handle recycles Chromium: after N runs, or when its memory passes a limit, new
// runs get a fresh browser while the old one finishes its open contexts and closes; a crash is
// relaunched. Every replacement is counted in restarts() (the siteqa_browser_restarts_total metric).
import { afterEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createBrowserHandle, type BrowserHandle } from '../../src/capture/browser.js';
import { chromiumPssMb } from '../../src/capture/chromium-memory.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

const executablePath = process.env.CHROMIUM_PATH || defaultChromiumPath();
const disconnected = (b: Browser) => new Promise<void>((resolve) => (b.isConnected() ? b.once('disconnected', () => resolve()) : resolve()));

describe('browser recycling', () => {
  let handle: BrowserHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('replaces the browser after N runs, and closes the old one only once its contexts are closed', async () => {
    handle = createBrowserHandle({ executablePath, guard: { allowlist: [] }, recycle: { afterRuns: 2 } });
    const first = await handle.get();
    expect(await handle.get()).toBe(first);
    const context = await first.newContext(); // a run still in progress on the old browser
    const third = await handle.get();
    expect(third).not.toBe(first);
    expect(handle.restarts()).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(first.isConnected()).toBe(true);
    await context.close();
    await disconnected(first);
    expect(third.isConnected()).toBe(true);
    expect(handle.restarts()).toBe(1); // closing a replaced browser is not a crash
  }, 60_000);

  it('replaces the browser when Chromium memory exceeds the limit', async () => {
    handle = createBrowserHandle({ executablePath, guard: { allowlist: [] }, recycle: { maxMemoryMb: 1 } });
    const first = await handle.get();
    expect(chromiumPssMb()).toBeGreaterThan(1);
    const second = await handle.get();
    expect(second).not.toBe(first);
    expect(handle.restarts()).toBe(1);
    await disconnected(first);
  }, 60_000);

  it('relaunches a browser that died and counts the restart', async () => {
    handle = createBrowserHandle({ executablePath, guard: { allowlist: [] } });
    const first = await handle.get();
    await first.close(); // as if it crashed: the handle did not ask for it
    expect(handle.restarts()).toBe(1);
    const second = await handle.get();
    expect(second).not.toBe(first);
    expect(second.isConnected()).toBe(true);
  }, 60_000);
});
