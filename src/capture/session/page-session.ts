// A page kept open across steps, with its recorders attached once: network log, console, uncaught
// errors, dialogs, popups, downloads. It can go to a URL, take a snapshot (the page's evidence),
// a screenshot, and say what happened since a mark; the crawl, flows and chaos personas all use it.
import type { BrowserContext, ConsoleMessage, Dialog, Download, Locator, Page, Route } from 'playwright-core';
import type { ConsoleRecord, PageErrorRecord, RequestRecord } from '../../evidence/types.js';
import { recordNetwork, type NetworkLog, type NetworkLogOptions } from '../network-log.js';
import { within, withTimeout } from '../time.js';
import { unresponsiveWatchdog, describeNavError } from './navigation.js';
import { closePage } from './page-calls.js';
import { NEUTRAL_POINT_SCRIPT } from '../in-page/pointer.js';
import type { TabPool } from './tab-pool.js';

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

export type PageSessionOptions = Omit<NetworkLogOptions, 'navStart'> & { budget: PageBudget };

const CAPS = { console: 200, errors: 100, dialogs: 30, popups: 30, downloads: 20, text: 1000 };

/** Where the session's logs stood at a moment: `since(mark)` returns what came after. */
export interface SessionMark {
  requests: number;
  console: number;
  errors: number;
  dialogs: number;
  at: number;
}

export interface Happened {
  requests: RequestRecord[];
  console: ConsoleRecord[];
  page_errors: PageErrorRecord[];
  dialogs: { type: string; message: string }[];
}

export interface NavigationResult {
  /** Failure text (net::ERR_…, "navigation timed out", "page unresponsive…"), null when it loaded. */
  error: string | null;
  /** Milliseconds from the start of the navigation to each phase. */
  marks: Record<string, number>;
}

export class PageSession {
  readonly console: ConsoleRecord[] = [];
  readonly pageErrors: PageErrorRecord[] = [];
  readonly dialogs: { type: string; message: string }[] = [];
  readonly popups: { url: string }[] = [];
  readonly downloads: { url: string; suggested_filename: string }[] = [];
  /** Epoch ms of the latest navigation's start: request offsets are relative to it. */
  navStart = Date.now();
  readonly net: NetworkLog;

  /**
   * Set by whoever recorded the page once it proved clean (it loaded and its main thread answers):
   * a pooled tab then goes back to its pool instead of closing (see tab-pool.ts).
   */
  reusable = false;
  private hold: ((route: Route) => Promise<void>) | null = null;
  /** Takes the session's recorders off the page (a kept tab records its next page with new ones). */
  private readonly detachRecorders: () => void;

  private constructor(readonly context: BrowserContext, readonly page: Page, readonly opts: PageSessionOptions, private readonly tabs: TabPool | null) {
    this.net = recordNetwork(page, { ...opts, navStart: () => this.navStart });
    const onConsole = (m: ConsoleMessage) => {
      if (this.console.length >= CAPS.console) return;
      const loc = m.location();
      this.console.push({ type: m.type(), text: m.text().slice(0, CAPS.text), url: loc.url || null, line: loc.url ? loc.lineNumber : null });
    };
    const onPageError = (e: Error) => {
      if (this.pageErrors.length < CAPS.errors) this.pageErrors.push({ message: String(e.message).slice(0, CAPS.text), stack: e.stack?.slice(0, 2000) ?? null });
    };
    const onDialog = (d: Dialog) => {
      if (this.dialogs.length < CAPS.dialogs) this.dialogs.push({ type: d.type(), message: d.message().slice(0, 300) });
      d.dismiss().catch(() => {});
    };
    const onPopup = (p: Page) => {
      if (this.popups.length < CAPS.popups) this.popups.push({ url: p.url() });
      p.close({ runBeforeUnload: false }).catch(() => {});
    };
    const onDownload = (d: Download) => {
      if (this.downloads.length < CAPS.downloads) this.downloads.push({ url: d.url(), suggested_filename: d.suggestedFilename() });
      d.cancel().catch(() => {});
    };
    page.on('console', onConsole).on('pageerror', onPageError).on('dialog', onDialog).on('popup', onPopup).on('download', onDownload);
    this.detachRecorders = () => {
      this.net.detach();
      page.off('console', onConsole).off('pageerror', onPageError).off('dialog', onDialog).off('popup', onPopup).off('download', onDownload);
    };
  }

  /** A session in a new tab of `context`, or in one of `tabs` (the crawl's kept tabs) when given. */
  static async open(context: BrowserContext, opts: PageSessionOptions, tabs: TabPool | null = null): Promise<PageSession> {
    return new PageSession(context, await (tabs ? tabs.take() : context.newPage()), opts, tabs);
  }

  left(): number {
    return this.opts.budget.deadline - Date.now();
  }

  /**
   * Navigates and lets the page settle: DOMContentLoaded, load, then network quiet (capped). A
   * renderer stuck in a busy loop or a dialog storm is detected by a watchdog and ends it early.
   */
  async goto(url: string, settle: { maxMs?: number; quietMs?: number } = {}): Promise<NavigationResult> {
    const { budget } = this.opts;
    this.navStart = Date.now();
    // Less than a navigation's own limit left in the run: a timeout is the deadline's, not the page's.
    const cut = this.left() < budget.navTimeoutMs;
    const marks: Record<string, number> = {};
    const mark = (name: string) => (marks[name] = Date.now() - this.navStart);
    try {
      const watchdog = unresponsiveWatchdog(this.page, this.net);
      try {
        await withTimeout(Promise.race([this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: 0 }), watchdog.tripped]), Math.min(budget.navTimeoutMs, this.left()), 'navigation');
      } finally {
        watchdog.stop();
      }
      mark('dom_content_loaded');
      await within(this.page.waitForLoadState('load', { timeout: 0 }), Math.min(budget.navTimeoutMs, this.left()) - (Date.now() - this.navStart), undefined);
      mark('load');
      await this.settle(settle.maxMs, settle.quietMs);
      mark('settle');
      return { error: null, marks };
    } catch (err) {
      return { error: describeNavError(err, cut), marks };
    }
  }

  /** Waits for the network to go quiet (the page's settle rule), within the budget. */
  settle(maxMs = this.opts.budget.settleMaxMs, quietMs = this.opts.budget.quietMs): Promise<void> {
    return this.net.settle(Math.min(maxMs, this.left()), quietMs);
  }

  /** Whether the main thread answers: a stuck page cannot be read or acted in. */
  responsive(ms = 5000): Promise<boolean> {
    return within(this.page.evaluate('1').then(() => true), ms, false);
  }

  mark(): SessionMark {
    return { requests: this.net.records.length, console: this.console.length, errors: this.pageErrors.length, dialogs: this.dialogs.length, at: Date.now() };
  }

  since(m: SessionMark): Happened {
    return {
      requests: this.net.records.slice(m.requests),
      console: this.console.slice(m.console),
      page_errors: this.pageErrors.slice(m.errors),
      dialogs: this.dialogs.slice(m.dialogs),
    };
  }

  /**
   * A JPEG of the viewport. `mask` lists elements (or selectors) whose boxes are painted over
   * (filled secrets); null when the page cannot be painted in time.
   */
  async screenshot(opts: { mask?: (Locator | string)[]; quality?: number; fullPage?: boolean } = {}): Promise<Buffer | null> {
    const mask = (opts.mask ?? []).map((s) => (typeof s === 'string' ? this.page.locator(s) : s));
    return within(
      this.page.screenshot({ type: 'jpeg', quality: opts.quality ?? 55, fullPage: opts.fullPage ?? false, mask, maskColor: '#222', caret: 'initial', scale: 'css', timeout: 5000 }),
      Math.min(6000, Math.max(0, this.left())),
      null,
    );
  }

  /**
   * Rests the mouse pointer over the page's background, where it hovers nothing that reacts
   * (in-page/pointer.ts): a headless page keeps it at the top-left corner, and the browser re-applies
   * :hover there after navigation (the logo or a menu's first item would be read hovered).
   */
  async parkPointer(): Promise<void> {
    const point = await within(this.page.evaluate(NEUTRAL_POINT_SCRIPT) as Promise<[number, number] | null>, 1000, null);
    if (point) await within(this.page.mouse.move(point[0], point[1]).then(() => true, () => false), 1000, false);
  }

  /**
   * From now on the page stays on the document it loaded: a main-frame navigation of its own (a refresh
   * after N seconds, a delayed script redirect) is stopped, and the network log records where it was
   * going (`departure`). Every later step (title, axe, the picture) then reads the same document.
   */
  async holdDocument(): Promise<void> {
    const hold = (route: Route) => {
      const r = route.request();
      let own = false;
      try {
        own = r.isNavigationRequest() && r.frame() === this.page.mainFrame();
      } catch {
        /* a detached frame: not the main frame */
      }
      return (own ? route.abort('aborted') : route.fallback()).catch(() => {});
    };
    const installed = await within(this.page.route('**/*', hold).then(() => true, () => false), 2000, false);
    if (installed) this.hold = hold;
    this.net.seal(installed);
  }

  async close(): Promise<void> {
    this.detachRecorders();
    // A kept tab is blanked by navigating: the hold must be gone first, or the tab is not kept.
    if (this.hold) {
      const removed = await within(this.page.unroute('**/*', this.hold).then(() => true, () => false), 2000, false);
      if (!removed) this.reusable = false;
    }
    if (this.tabs) await this.tabs.give(this.page, this.reusable);
    else await closePage(this.page);
  }
}
