// Records one page as the crawl sees it: a page session goes to the URL and settles, then the
// snapshot reads everything the checks need. Every step is time-bounded, so dialogs, endless
// responses, busy loops and popup storms end within budget.
import type { BrowserContext, Page } from 'playwright-core';
import type { AccessibilityRecord, CookieRecord, FrontierEntryLike, PageEvidence, PerformanceRecord } from './page-types.js';
import { DOM_FACTS_SCRIPT } from './in-page/dom-facts.js';
import { IMAGE_PIXELS_SCRIPT } from './in-page/image-pixels.js';
import { hashRoute } from '../evidence/url-identity.js';
import { decodeHtmlEntities } from '../evidence/html-entities.js';
import { PAGE_REFS_SCRIPT } from './in-page/page-refs.js';
import { REVEAL_BY_SCROLL_SCRIPT, REVEAL_SCROLL_MS, WAITING_REVEAL_SCRIPT } from './in-page/scroll-reveal.js';
import { READ_PERF_SCRIPT } from './in-page/perf-observer.js';
import { CRAWL_AXE_MS, runAxe } from './axe.js';
import { readGlobals } from './in-page/globals.js';
import { readTagConfig } from './in-page/tag-config.js';
import { within } from './time.js';
import { keepThumbnail } from './thumbnail.js';
import { walkFocus } from './focus-walk.js';
import { PageSession, type PageBudget, type PageSessionOptions } from './session/page-session.js';
import type { TabPool } from './session/tab-pool.js';

export type { PageBudget };

/** Longest the keyboard walk may take (focus-walk.ts). */
const FOCUS_WALK_MS = 13_000;
/** Longest the page's heading, id and reference facts may take to read (in-page/page-refs.ts). */
const PAGE_REFS_MS = 8000;

export interface SnapshotOptions {
  accessibility: boolean;
  /**
   * Runs on the loaded page before the accessibility engine is injected (e.g. consent-banner detection),
   * with the evidence read so far: status, final URL, headers, timings, DOM facts and links.
   */
  inspect?: (page: Page, read: PageEvidence) => Promise<void>;
  /** Keeps the page's picture with the run (returns its image id); absent: no picture is taken. */
  keepImage?: (data: Buffer, size: { width: number; height: number }, caption: string) => string | null;
  /** Text painted over in the picture wherever the page shows it (a signed-in run's account values). */
  maskTexts?: readonly string[];
  /** Tab through the page afterwards, reading whether each stop shows focus (the start page). */
  keyboard?: boolean;
}

export type RecordPageOptions = PageSessionOptions & SnapshotOptions & {
  /** Kept tabs to record in (the crawl's): a page that proved clean leaves its tab for the next one. */
  tabs?: TabPool | null;
};

export async function recordPage(context: BrowserContext, entry: FrontierEntryLike, opts: RecordPageOptions): Promise<PageEvidence> {
  const session = await PageSession.open(context, opts, opts.tabs ?? null);
  let marks: Record<string, number> = {};
  try {
    const nav = await session.goto(entry.url);
    marks = phaseDurations(nav.marks);
    // Loaded and settled (redirects, an immediate meta refresh included): a later navigation of the
    // main frame (a refresh after N seconds, a timed script redirect) is held back, and noted.
    if (!nav.error) await session.holdDocument();
    const ev = await snapshotPage(session, entry, nav.error, opts, marks);
    const left = session.net.departure();
    if (left) ev.left_for = left;
    session.reusable = ev.status !== null && !ev.navigation_error && ev.dom !== null;
    return ev;
  } finally {
    const closing = Date.now();
    await session.close();
    marks.close = Date.now() - closing;
  }
}

/** `shown` when it is another path or query than `final` on the same origin (fragments aside); else null. */
export function shownElsewhere(shown: string, final: string): string | null {
  try {
    const a = new URL(shown);
    const b = new URL(final);
    if (a.origin !== b.origin || !/^https?:$/.test(a.protocol)) return null;
    // A hash-routed app that sent "/" on to its first route ("/#/about") shows that route.
    const routes = [hashRoute(shown) ?? '', hashRoute(final) ?? ''];
    a.hash = '';
    b.hash = '';
    return a.href === b.href && routes[0] === routes[1] ? null : shown;
  } catch {
    return null;
  }
}

/** Cumulative phase times (ms since navigation start) as time spent in each phase. */
function phaseDurations(cumulative: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  let prev = 0;
  for (const [k, v] of Object.entries(cumulative)) {
    out[k] = v - prev;
    prev = v;
  }
  return out;
}

/**
 * The page's evidence as it stands now: main document, DOM snapshot and facts, timings, globals,
 * accessibility, cookies, and everything the session's recorders saw since it opened.
 */
export async function snapshotPage(
  session: PageSession,
  entry: FrontierEntryLike,
  navigationError: string | null,
  opts: SnapshotOptions & { budget: PageBudget },
  marks: Record<string, number> = {},
): Promise<PageEvidence> {
  const { page, net } = session;
  const left = () => session.left();
  let t0 = Date.now();
  const mark = (name: string) => {
    const t = Date.now();
    marks[name] = t - t0;
    t0 = t;
  };
  const ev: PageEvidence = {
    url: entry.url, final_url: entry.url, captured_at: new Date(session.navStart).toISOString(), depth: entry.depth,
    found_on: entry.found_on, region: entry.region, status: null, headers: {}, redirect_chain: [],
    navigation_error: navigationError, title: null, html: null, dom: null, requests: net.records, console: session.console,
    page_errors: session.pageErrors, dialogs: session.dialogs, popups: session.popups, downloads: session.downloads,
    cookies: [], performance: null, accessibility: null, globals: [],
  };
  await within(net.flush(), 2000, undefined);
  const doc = net.mainDocument();
  if (doc) {
    ev.status = doc.record.status;
    ev.headers = doc.headers;
    ev.redirect_chain = doc.chain;
    // The document's request carries no fragment; a single-page app's hash route is part of the screen's address.
    const route = hashRoute(entry.url) ? new URL(entry.url).hash : null;
    ev.final_url = route && !doc.record.url.includes('#') ? `${doc.record.url}${route}` : doc.record.url;
    if (doc.record.failure && !ev.navigation_error) ev.navigation_error = doc.record.failure;
    if (doc.record.status === null) ev.status = null;
  }
  // The address the page shows once its script ran, when that script moved it (history.replaceState or
  // pushState to another path or query of the same site: an app restoring "/route" from "/?/route").
  const shown = shownElsewhere(page.url(), ev.final_url);
  if (shown && ev.status !== null) ev.shown_at = shown;
  // A page whose renderer is stuck (busy loop, dialog storm) cannot answer evaluations: probe first.
  // A huge DOM can keep the main thread busy for seconds after load, so this probe is patient.
  const responsive = await session.responsive(5000);
  // The cookies as this page left them, read before `inspect` (the crawl starts once the start page
  // is read there, and its pages share this cookie jar). A browser call: a stuck page can answer it.
  ev.cookies = (await within(session.context.cookies(), 2000, [])).map(toCookieRecord);
  if (responsive && ev.status !== null) {
    // The pointer off the top-left corner, where the browser keeps it hovering the logo or a menu item.
    await session.parkPointer();
    ev.performance = await within(page.evaluate(READ_PERF_SCRIPT) as Promise<PerformanceRecord>, 3000, null);
    ev.html = await snapshotHtml(page, opts.budget.htmlCapBytes, Math.min(5000, left()));
    mark('snapshot');
    ev.dom = await within(page.evaluate(DOM_FACTS_SCRIPT) as Promise<PageEvidence['dom']>, Math.min(5000, left()), null);
    // A very large page (a docs site's whole-section printout) needs seconds on a loaded machine; without
    // these facts its ids and headings go unjudged (the crawl notes it), so they get as long as axe's run.
    if (ev.dom) Object.assign(ev.dom, await within(page.evaluate(PAGE_REFS_SCRIPT) as Promise<Partial<NonNullable<PageEvidence['dom']>>>, Math.min(PAGE_REFS_MS, left()), {}));
    if (ev.dom?.srcset_candidates?.length) {
      // A responsive image's file pixels, not its density-corrected natural size (image-pixels.ts): only
      // a page with a srcset has one.
      const pixels = new Map((await within(page.evaluate(IMAGE_PIXELS_SCRIPT) as Promise<[string, number, number][]>, Math.min(1500, left()), [])).map(([src, w, h]) => [src, [w, h] as const]));
      for (const img of ev.dom.images) {
        const size = pixels.get(img.src);
        if (size) [img.natural_width, img.natural_height] = size;
      }
    }
    // A page busy with long tasks may not answer in time: its title is then read from the document as
    // captured above, never taken for a missing one.
    ev.title = await within(page.title(), 3000, null) ?? titleOf(ev.html?.content ?? '');
    ev.globals = await readGlobals(page);
    ev.tag_config = await readTagConfig(page);
    mark('dom_facts');
    if (opts.inspect) {
      await within(opts.inspect(page, ev), Math.min(3000, left()), undefined);
      mark('inspect');
    }
    // Requests the page makes once we scroll it or walk it with the keyboard (lazy images, a menu's
    // prefetches) are our doing: kept out of the page's own.
    let ownRequests = Infinity;
    if (opts.accessibility) {
      // Content waiting below the fold to be revealed by scrolling is shown to axe as a reader would see it.
      const waiting = await within(page.evaluate(WAITING_REVEAL_SCRIPT) as Promise<number>, Math.min(1000, left()), 0);
      if (waiting > 0) {
        ownRequests = net.records.length;
        await within(page.evaluate(REVEAL_BY_SCROLL_SCRIPT), Math.min(REVEAL_SCROLL_MS + 500, left()), 0);
        mark('reveal_scroll');
      }
      ev.accessibility = await runAxe(page, Math.min(CRAWL_AXE_MS, left()));
      if (waiting > 0) await within(page.evaluate("scrollTo({ top: 0, left: 0, behavior: 'instant' })"), 1000, undefined);
    }
    mark('axe');
    // After the snapshot and axe, so the picture shows what was judged; never on a stuck page.
    const keep = opts.keepImage;
    if (keep) {
      ev.screenshot = await keepThumbnail(page, Math.min(3000, left()), (data, size) => keep(data, size, `Page ${ev.final_url}`), opts.maskTexts);
      mark('screenshot');
    }
    // Last, once all else is read: focus may open a menu or prefetch a link.
    if (opts.keyboard && opts.accessibility) {
      ownRequests = Math.min(ownRequests, net.records.length);
      ev.keyboard = await walkFocus(page, Math.min(FOCUS_WALK_MS, left()));
      mark('keyboard');
    }
    if (Number.isFinite(ownRequests)) ev.requests = net.records.slice(0, ownRequests);
  } else if (!responsive && !ev.navigation_error) {
    ev.navigation_error = 'page unresponsive: its main thread did not answer within 5 s after load';
  }
  await within(net.flush(), 2000, undefined);
  mark('cookies_and_sizes');
  ev.capture_ms = marks;
  return ev;
}

async function snapshotHtml(page: Page, cap: number, ms: number): Promise<PageEvidence['html']> {
  const content = await within(page.content(), ms, null);
  if (content === null) return null;
  const bytes = Buffer.byteLength(content);
  if (bytes <= cap) return { content, bytes, truncated: false };
  return { content: Buffer.from(content).subarray(0, cap).toString('utf8'), bytes, truncated: true };
}

export function toCookieRecord(c: Awaited<ReturnType<BrowserContext['cookies']>>[number]): CookieRecord {
  return {
    name: c.name, domain: c.domain, path: c.path, secure: c.secure, http_only: c.httpOnly,
    same_site: c.sameSite ?? null, expires: c.expires, value_length: c.value.length,
  };
}

export type { AccessibilityRecord };

/** The document's own `<title>` text, as the browser reads it (whitespace collapsed, entities decoded); null when it has none. */
export function titleOf(html: string): string | null {
  const head = html.slice(0, 200_000);
  const m = /<title(?:\s[^>]*)?>([\s\S]*?)<\/title>/i.exec(head.replace(/<svg[\s\S]*?<\/svg>/gi, ''));
  if (!m) return null;
  return decodeHtmlEntities(m[1]!).replace(/\s+/g, ' ').trim();
}
