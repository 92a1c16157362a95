// The crawl's tabs, kept between pages: a tab that recorded a page goes back to about:blank and
// waits for the next page instead of being closed. The renderer process stays, and with it V8's
// compilation cache, so axe (650 KB of script injected into every page) compiles once per tab
// instead of once per page, and no renderer process is started per page; after PAGES_PER_TAB pages a
// tab is closed, which bounds what its renderer keeps of the pages it held (measured:
// docs/benchmarks.md). The next page's recorders attach to the blank tab, so nothing of the
// previous page (its unload beacons, its late console lines) is counted for the next one.
// A tab that cannot be trusted to be clean is closed instead: one whose main thread stopped
// answering, one that was given objects of its own (autoconsent's binding and init script),
// one that crashed or was closed, one that will not leave its page within a second and a half.
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { within } from '../time.js';
import { closePage, ownsObjects } from './page-calls.js';

const BLANK = 'about:blank';
const RELEASE_MS = 1500;
/**
 * Pages one tab records before it is closed: a renderer keeps some of every page it held (its heap until
 * collected, its caches), so tabs kept for a whole 60-page crawl made the browser hold ~500 MB instead of
 * ~215 MB; closed after 4 pages, ~300–340 MB, and axe still compiles once per 4 pages (docs/benchmarks.md).
 */
export const PAGES_PER_TAB = 4;

export class TabPool {
  private readonly idle: Page[] = [];
  private readonly uses = new WeakMap<Page, number>();
  private closed = false;

  constructor(private readonly context: BrowserContext, private readonly max: number) {}

  /** An idle tab of this context, or a new one. */
  async take(): Promise<Page> {
    for (let page = this.idle.pop(); page; page = this.idle.pop()) if (!page.isClosed()) return page;
    return this.context.newPage();
  }

  /**
   * Gives a tab back after its page was recorded (its recorders already detached): blanked and
   * kept when `reusable` and it can be trusted to be clean, else closed.
   */
  async give(page: Page, reusable: boolean): Promise<void> {
    const used = (this.uses.get(page) ?? 0) + 1;
    this.uses.set(page, used);
    if (this.closed || !reusable || used >= PAGES_PER_TAB || page.isClosed() || ownsObjects(page) || this.idle.length >= this.max) return closePage(page);
    // Leaving the page runs its beforeunload and unload handlers: a prompt must not keep the tab on
    // it, and a window they open is closed.
    const leave = (d: Dialog) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()).catch(() => {});
    const shut = (p: Page) => void p.close({ runBeforeUnload: false }).catch(() => {});
    page.on('dialog', leave);
    page.on('popup', shut);
    const blanked = await within(page.goto(BLANK, { timeout: 0 }).then(() => page.url() === BLANK, () => false), RELEASE_MS, false);
    page.off('dialog', leave);
    page.off('popup', shut);
    if (!blanked || this.closed || page.isClosed() || this.idle.length >= this.max) return closePage(page);
    this.idle.push(page);
  }

  /** Closes the idle tabs; tabs given back later are closed too. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((p) => closePage(p)));
  }
}
