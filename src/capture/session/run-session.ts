// One run's browser side: the shared browser, the run's guard proxy (every request re-checked and
// refusals recorded), its browser contexts, the page slots, the deadline, the notes and the images
// taken. Drivers (crawl, consent matrix, flows, personas) work inside it; close() releases it all.
import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import type { BlockedRequest } from '../../guard/proxy.js';
import { hostPortKey, type GuardOptions } from '../../guard/options.js';
import { startGuardProxy, type GuardProxy } from '../../guard/proxy.js';
import { isBeaconUrl } from '../../evidence/vendors.js';
import type { ImageRef, LoginConditions, MeasurementConditions, TimingConditions } from '../../evidence/types.js';
import type { BrowserHandle } from '../browser.js';
import { newRunContext, userAgentFor, VIEWPORT } from '../run-context.js';
import { copyAddress, routeProductionToCopy, type CopyMapping } from './copy-route.js';
import { Slots } from '../slots.js';
import { within } from '../time.js';
import { PageSession, type PageBudget, type PageSessionOptions } from './page-session.js';
import { TabPool } from './tab-pool.js';

export interface RunSessionOptions {
  runId: string;
  url: string;
  pageConcurrency: number;
  deadlineMs: number;
  maxPages: number;
  guard: GuardOptions;
  browser: BrowserHandle;
}

/** Image bytes taken during the run, kept beside (not inside) the evidence JSON. */
export interface CapturedImage {
  ref: ImageRef;
  data: Buffer;
}

const MAX_BLOCKED = 500;
/** Hosts the guard refused, kept apart from the capped list: a host first refused after 500 refusals is still the guard's. */
const MAX_REFUSED_HOSTS = 5000;
const MAX_IMAGES = 200;

export class RunSession {
  readonly startedAt = new Date();
  readonly deadline: number;
  readonly notes: string[] = [];
  readonly images: CapturedImage[] = [];
  readonly slots: Slots;
  readonly budget: PageBudget;
  /** Set by the measuring pass (crawl runs): how the trusted timings were taken. */
  timing: TimingConditions | null = null;
  /** Set by drivers that sign in first (an app model's login): as whom, or why not. */
  login: LoginConditions | null = null;
  /** The signed-in session's cookies (set once a login worked): every fresh context starts with them. */
  sessionCookies: Cookie[] = [];
  /** A signed-in run's account values: painted over in every page picture wherever a page shows them. */
  maskTexts: string[] = [];
  /** The main context's kept tabs: the crawl records its pages in them (see tab-pool.ts). */
  readonly tabs: TabPool;
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    readonly opts: RunSessionOptions,
    /** Requests the guard refused (any page, any context), with the reason; filled by the proxy. */
    readonly blocked: BlockedRequest[],
    /** Every host (`host:port`) the guard refused in the run, with its last reason; not capped at MAX_BLOCKED. */
    private readonly refusedHosts: Map<string, string>,
    /** Socket errors of tunnels the proxy could not open, by `host:port` (the browser only says the tunnel failed). */
    private readonly upstreamErrors: Map<string, string>,
    readonly browser: Browser,
    private readonly proxy: GuardProxy,
    readonly userAgent: string,
    /** The run's main context: the crawl's pages share its cookies, like one visitor's tabs. */
    readonly context: BrowserContext,
  ) {
    this.deadline = this.startedAt.getTime() + opts.deadlineMs;
    this.slots = new Slots(opts.pageConcurrency);
    this.budget = { deadline: this.deadline, navTimeoutMs: 20_000, settleMaxMs: 1500, quietMs: 250, htmlCapBytes: 1_000_000 };
    this.contexts.push(context);
    this.tabs = new TabPool(context, opts.pageConcurrency);
  }

  static async open(opts: RunSessionOptions): Promise<RunSession> {
    const blocked: BlockedRequest[] = [];
    const refusedHosts = new Map<string, string>();
    const upstreamErrors = new Map<string, string>();
    const proxy = await startGuardProxy({
      ...opts.guard,
      onBlocked: (b) => {
        if (blocked.length < MAX_BLOCKED) blocked.push(b);
        const key = hostKey(b.url);
        if (refusedHosts.has(key) || refusedHosts.size < MAX_REFUSED_HOSTS) refusedHosts.set(key, b.reason);
      },
      onUpstreamError: (url, code) => upstreamErrors.size < MAX_BLOCKED && upstreamErrors.set(hostKey(url), code),
    });
    try {
      const browser = await opts.browser.get();
      const userAgent = userAgentFor(browser);
      const context = await newRunContext(browser, proxy.url, userAgent);
      return new RunSession(opts, blocked, refusedHosts, upstreamErrors, browser, proxy, userAgent, context);
    } catch (err) {
      await proxy.close();
      throw err;
    }
  }

  left(): number {
    return this.deadline - Date.now();
  }

  /** How the recorders judge a request: refused by the guard, or a beacon answered locally. */
  pageOptions(): PageSessionOptions {
    return {
      budget: this.budget,
      isBlocked: (url, failure, headers) => 'x-siteqa-blocked' in headers || (failure !== null && this.refusedHosts.has(hostKey(url))),
      isStubbed: isBeaconUrl,
      blockedReason: (url) => {
        for (let i = this.blocked.length - 1; i >= 0; i--) if (this.blocked[i]!.url === url) return this.blocked[i]!.reason;
        return this.refusedHosts.get(hostKey(url)) ?? null;
      },
      upstreamError: (url) => this.upstreamErrors.get(hostKey(url)) ?? null,
      servedFromCopy: (url) => copyAddress(url, this.copy),
    };
  }

  /** Set once a local copy names its production address: its files there are answered from the copy. */
  private copy: CopyMapping | null = null;

  /**
   * From now on, every context of the run (those open and those to come) answers sub-resources at the
   * production address from the copy (copy-route.ts). Pages recorded before keep what they recorded.
   */
  async serveProductionFromCopy(mapping: CopyMapping): Promise<void> {
    if (this.copy) return;
    this.copy = mapping;
    await Promise.all(this.contexts.map((c) => routeProductionToCopy(c, mapping).catch(() => {})));
  }

  /** A fresh context behind the same proxy (a new visitor: no cookies but a signed-in run's session), closed with the session. */
  async newContext(viewport?: { width: number; height: number }): Promise<BrowserContext> {
    const ctx = await newRunContext(this.browser, this.proxy.url, this.userAgent, viewport);
    this.contexts.push(ctx);
    if (this.copy) await routeProductionToCopy(ctx, this.copy);
    if (this.sessionCookies.length) await ctx.addCookies(this.sessionCookies);
    return ctx;
  }

  async closeContext(ctx: BrowserContext): Promise<void> {
    await within(ctx.close(), 5000, undefined);
  }

  /** A page session in `context` (the main one by default) that stays open across steps. */
  openPage(context: BrowserContext = this.context): Promise<PageSession> {
    return PageSession.open(context, this.pageOptions());
  }

  /** Keeps an image (JPEG/WebP) with the run; its id is what the evidence refers to. */
  addImage(data: Buffer, ref: Omit<ImageRef, 'id' | 'bytes'>): ImageRef | null {
    if (this.images.length >= MAX_IMAGES) return null;
    const image: ImageRef = { id: `img-${String(this.images.length + 1).padStart(3, '0')}`, bytes: data.length, ...ref };
    this.images.push({ ref: image, data });
    return image;
  }

  /** Keeps a page thumbnail (WebP) with the run, for the page recorder's `keepImage`. */
  thumbnailKeeper(): (data: Buffer, size: { width: number; height: number }, caption: string) => string | null {
    return (data, size, caption) => this.addImage(data, { kind: 'screenshot', content_type: 'image/webp', ...size, caption })?.id ?? null;
  }

  conditions(): MeasurementConditions {
    return {
      browser: `Chromium ${this.browser.version()} (headless)`, user_agent: this.userAgent, viewport: VIEWPORT,
      network_throttling: 'none (the machine running siteqa, unthrottled)', cpu_throttling: 'none',
      page_concurrency: this.opts.pageConcurrency, max_pages: this.opts.maxPages, deadline_ms: this.opts.deadlineMs,
      ...(this.timing ? { timing: this.timing } : {}),
      ...(this.login ? { login: this.login } : {}),
    };
  }

  async close(): Promise<void> {
    await this.tabs.close();
    await Promise.all(this.contexts.map((c) => within(c.close(), 5000, undefined)));
    await this.proxy.close();
  }
}

/** `host:port` as the guard keys it; '' for an unparsable URL. */
function hostKey(url: string): string {
  try {
    return hostPortKey(new URL(url));
  } catch {
    return '';
  }
}
