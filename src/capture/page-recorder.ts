// Records one page: navigates, lets it settle, then reads everything the checks need. Every step
// is time-bounded, so dialogs, endless responses, busy loops and popup storms end within budget.
import type { BrowserContext, Page } from 'playwright-core';
import type { AccessibilityRecord, CookieRecord, FrontierEntryLike, PageEvidence, PerformanceRecord } from './page-types.js';
import { recordNetwork, type NetworkLogOptions } from './network-log.js';
import { DOM_FACTS_SCRIPT } from './in-page/dom-facts.js';
import { READ_PERF_SCRIPT } from './in-page/perf-observer.js';
import { runAxe } from './axe.js';
import { readGlobals } from './in-page/globals.js';
import { within, withTimeout } from './time.js';

export interface PageBudget {
  /** Epoch ms after which nothing more may be started. */
  deadline: number;
  navTimeoutMs: number;
  /** Longest wait for the network to go quiet after load. */
  settleMaxMs: number;
  /** Quiet period that counts as settled. */
  quietMs: number;
  htmlCapBytes: number;
}

export interface RecordPageOptions extends Omit<NetworkLogOptions, 'navStart'> {
  budget: PageBudget;
  accessibility: boolean;
  /** Runs on the loaded page before the accessibility engine is injected (e.g. consent-banner detection). */
  inspect?: (page: Page) => Promise<void>;
}

const CAPS = { console: 200, errors: 100, dialogs: 30, popups: 30, downloads: 20, text: 1000 };

export async function recordPage(context: BrowserContext, entry: FrontierEntryLike, opts: RecordPageOptions): Promise<PageEvidence> {
  const { budget } = opts;
  const left = () => budget.deadline - Date.now();
  const page = await context.newPage();
  let navStart = Date.now();
  const net = recordNetwork(page, { ...opts, navStart: () => navStart });
  const ev: PageEvidence = {
    url: entry.url, final_url: entry.url, captured_at: new Date().toISOString(), depth: entry.depth,
    found_on: entry.found_on, region: entry.region, status: null, headers: {}, redirect_chain: [],
    navigation_error: null, title: null, html: null, dom: null, requests: net.records, console: [],
    page_errors: [], dialogs: [], popups: [], downloads: [], cookies: [], performance: null,
    accessibility: null, globals: [],
  };
  page.on('console', (m) => {
    if (ev.console.length >= CAPS.console) return;
    const loc = m.location();
    ev.console.push({ type: m.type(), text: m.text().slice(0, CAPS.text), url: loc.url || null, line: loc.url ? loc.lineNumber : null });
  });
  page.on('pageerror', (e) => {
    if (ev.page_errors.length < CAPS.errors) ev.page_errors.push({ message: String(e.message).slice(0, CAPS.text), stack: e.stack?.slice(0, 2000) ?? null });
  });
  page.on('dialog', (d) => {
    if (ev.dialogs.length < CAPS.dialogs) ev.dialogs.push({ type: d.type(), message: d.message().slice(0, 300) });
    d.dismiss().catch(() => {});
  });
  page.on('popup', (p) => {
    if (ev.popups.length < CAPS.popups) ev.popups.push({ url: p.url() });
    p.close({ runBeforeUnload: false }).catch(() => {});
  });
  page.on('download', (d) => {
    if (ev.downloads.length < CAPS.downloads) ev.downloads.push({ url: d.url(), suggested_filename: d.suggestedFilename() });
    d.cancel().catch(() => {});
  });

  const marks: Record<string, number> = {};
  let t0 = Date.now();
  const mark = (name: string) => {
    const t = Date.now();
    marks[name] = t - t0;
    t0 = t;
  };
  try {
    navStart = Date.now();
    ev.captured_at = new Date(navStart).toISOString();
    try {
      const watchdog = unresponsiveWatchdog(page, net);
      try {
        await withTimeout(Promise.race([page.goto(entry.url, { waitUntil: 'domcontentloaded', timeout: 0 }), watchdog.tripped]), Math.min(budget.navTimeoutMs, left()), 'navigation');
      } finally {
        watchdog.stop();
      }
      mark('dom_content_loaded');
      await within(page.waitForLoadState('load', { timeout: 0 }), Math.min(budget.navTimeoutMs, left()) - (Date.now() - navStart), undefined);
      mark('load');
      await net.settle(Math.min(budget.settleMaxMs, left()), budget.quietMs);
      mark('settle');
    } catch (err) {
      ev.navigation_error = describeNavError(err);
    }
    await within(net.flush(), 2000, undefined);
    const doc = net.mainDocument();
    if (doc) {
      ev.status = doc.record.status;
      ev.headers = doc.headers;
      ev.redirect_chain = doc.chain;
      ev.final_url = doc.record.url;
      if (doc.record.failure && !ev.navigation_error) ev.navigation_error = doc.record.failure;
      if (doc.record.status === null) ev.status = null;
    }
    // A page whose renderer is stuck (busy loop, dialog storm) cannot answer evaluations: probe first.
    // A huge DOM can keep the main thread busy for seconds after load, so this probe is patient.
    const responsive = await within(page.evaluate('1').then(() => true), 5000, false);
    if (responsive && ev.status !== null) {
      ev.performance = await within(page.evaluate(READ_PERF_SCRIPT) as Promise<PerformanceRecord>, 3000, null);
      ev.html = await snapshotHtml(page, budget.htmlCapBytes, Math.min(5000, left()));
      mark('snapshot');
      ev.dom = await within(page.evaluate(DOM_FACTS_SCRIPT) as Promise<PageEvidence['dom']>, Math.min(5000, left()), null);
      ev.title = await within(page.title(), 1000, null);
      ev.globals = await readGlobals(page);
      mark('dom_facts');
      if (opts.inspect) await within(opts.inspect(page), Math.min(3000, left()), undefined);
      if (opts.accessibility) ev.accessibility = await runAxe(page, Math.min(10_000, left()));
      mark('axe');
    } else if (!responsive && !ev.navigation_error) {
      ev.navigation_error = 'page unresponsive: its main thread did not answer within 5 s after load';
    }
    ev.cookies = (await within(context.cookies(), 2000, [])).map(toCookieRecord);
    await within(net.flush(), 2000, undefined);
    mark('cookies_and_sizes');
  } finally {
    net.detach();
    await within(page.close({ runBeforeUnload: false }), 3000, undefined);
    mark('close');
  }
  ev.capture_ms = marks;
  return ev;
}

/**
 * A renderer stuck in a busy loop or a dialog storm never fires DOMContentLoaded; waiting for the
 * navigation timeout wastes the run's budget. Once the document has arrived, probe the main
 * thread every 2 s from 4 s on: two probes without an answer end the navigation early.
 */
function unresponsiveWatchdog(page: Page, net: ReturnType<typeof recordNetwork>): { tripped: Promise<never>; stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tripped = new Promise<never>((_, reject) => {
    let misses = 0;
    const tick = async () => {
      if (stopped) return;
      const doc = net.mainDocument();
      if (doc?.record.status != null) {
        const alive = await within(page.evaluate('1').then(() => true), 1000, false);
        misses = alive ? 0 : misses + 1;
        if (misses >= 2) return reject(new Error('page unresponsive: its main thread stopped answering during load'));
      }
      if (!stopped) timer = setTimeout(tick, 2000);
    };
    timer = setTimeout(tick, 4000);
  });
  tripped.catch(() => {});
  return {
    tripped,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function snapshotHtml(page: Page, cap: number, ms: number): Promise<PageEvidence['html']> {
  const content = await within(page.content(), ms, null);
  if (content === null) return null;
  const bytes = Buffer.byteLength(content);
  if (bytes <= cap) return { content, bytes, truncated: false };
  return { content: Buffer.from(content).subarray(0, cap).toString('utf8'), bytes, truncated: true };
}

function describeNavError(err: unknown): string {
  const msg = (err as Error)?.message ?? String(err);
  const net = /net::ERR_[A-Z_]+/.exec(msg);
  if (net) return net[0];
  if (/page unresponsive/.test(msg)) return msg.split('\n')[0]!;
  if (/timed out|Timeout/i.test(msg)) return 'navigation timed out';
  return msg.split('\n')[0]!.slice(0, 300);
}

export function toCookieRecord(c: Awaited<ReturnType<BrowserContext['cookies']>>[number]): CookieRecord {
  return {
    name: c.name, domain: c.domain, path: c.path, secure: c.secure, http_only: c.httpOnly,
    same_site: c.sameSite ?? null, expires: c.expires, value_length: c.value.length,
  };
}

export type { AccessibilityRecord };
