// The consent matrix: the start page loaded in fresh contexts after clicking "reject" and after
// clicking "accept". The no-interaction load is the crawl's own start page (a fresh context too).
import type { BrowserContext } from 'playwright-core';
import type { ConsentLoad, ConsentMode, PageEvidence } from '../../evidence/types.js';
import { clickConsent, detectConsentBanner, type ConsentBanner } from '../consent.js';
import { readGlobals } from '../in-page/globals.js';
import { readTagConfig } from '../in-page/tag-config.js';
import { recordNetwork, type NetworkLogOptions } from '../network-log.js';
import { toCookieRecord } from '../page-recorder.js';
import { keepThumbnail } from '../thumbnail.js';
import { closePage } from '../session/page-calls.js';
import { within, withTimeout } from '../time.js';

export async function loadWithConsent(
  context: BrowserContext,
  url: string,
  mode: Exclude<ConsentMode, 'none'>,
  opts: Omit<NetworkLogOptions, 'navStart'> & { deadline: number; keepImage?: (data: Buffer, size: { width: number; height: number }, caption: string) => string | null; maskTexts?: readonly string[] },
): Promise<{ load: ConsentLoad; banner: ConsentBanner }> {
  const left = () => opts.deadline - Date.now();
  const page = await context.newPage();
  page.on('dialog', (d) => d.dismiss().catch(() => {}));
  page.on('popup', (p) => p.close({ runBeforeUnload: false }).catch(() => {}));
  const start = Date.now();
  const log = recordNetwork(page, { ...opts, navStart: () => start });
  const load: ConsentLoad = { mode, url, action_taken: false, clicked: null, requests: [], cookies: [], globals: [], error: null };
  let banner: ConsentBanner = { detected: false, method: null, selector: null };
  try {
    await withTimeout(page.goto(url, { waitUntil: 'load', timeout: 0 }), Math.min(15_000, left()), 'consent load');
    await log.settle(Math.min(1500, left()), 250);
    banner = await within(detectConsentBanner(page), Math.min(2500, left()), banner);
    const before = log.records.length;
    if (banner.detected) {
      const { clicked } = await within(clickConsent(page, mode), Math.min(2500, left()), { clicked: null });
      load.clicked = clicked;
      load.action_taken = clicked !== null;
    }
    await log.settle(Math.min(2000, left()), 400);
    // A second page view: many consent managers fire tags only on the next load after the choice.
    await within(page.reload({ waitUntil: 'load', timeout: 0 }), Math.min(10_000, left()), null);
    await log.settle(Math.min(1500, left()), 300);
    load.globals = await readGlobals(page);
    load.tag_config = await readTagConfig(page);
    const keep = opts.keepImage;
    if (keep) load.screenshot = await keepThumbnail(page, Math.min(3000, left()), (data, size) => keep(data, size, `Start page after "${mode}"`), opts.maskTexts);
    await within(log.flush(), 1500, undefined);
    load.requests = log.records.slice(before);
    load.cookies = (await within(context.cookies(), 2000, [])).map(toCookieRecord);
  } catch (err) {
    load.error = (err as Error).message.split('\n')[0]!.slice(0, 300);
  } finally {
    log.detach();
    await closePage(page);
  }
  return { load, banner };
}

/** The no-interaction row of the matrix, from the crawl's start page. */
export function loadWithoutInteraction(start: PageEvidence): ConsentLoad {
  return {
    mode: 'none', url: start.url, action_taken: true, clicked: null,
    requests: start.requests, cookies: start.cookies, globals: start.globals, tag_config: start.tag_config, error: start.navigation_error,
    ...(start.screenshot !== undefined ? { screenshot: start.screenshot } : {}),
  };
}
