// The deterministic crawl frontier: same-site links (and sitemap URLs) spread across URL templates
// so no one kind of page eats the budget, then breadth-first by region (nav, header, footer, body,
// sitemap); de-duplicated by URL identity, never past max pages.
//
// Deterministic also under concurrency: which page is taken next never depends on which of the pages
// in flight happened to finish first. Every entry remembers the pick (the n-th page taken) whose links
// offered it; pick n chooses only among what picks up to a settled point offered, and waits until
// those picks have finished (see `next`). Two crawls of an unchanged site take the same pages.
import type { LinkRegion } from '../evidence/types.js';
import { hashRoute, isSelfVariant, routeIdentity } from '../evidence/url-identity.js';
import { pathTemplate, type TemplateOf } from './url-template.js';

const REGION_RANK: Record<LinkRegion, number> = { start: 0, nav: 1, click: 1, header: 2, footer: 3, body: 4, sitemap: 5 };

/**
 * A CDN's own endpoints on the site's host, not the site's pages: Cloudflare's `/cdn-cgi/` (its email
 * protection page, which the site's own script turns into mailto: links a visitor clicks; challenges,
 * image resizing, trace).
 */
export const CDN_ENDPOINT = /^\/cdn-cgi\//i;
/** Extensions that are not HTML pages (a book's `.md` sources linked by mistake among them): checked as links, never crawled. */
const NON_PAGE = /\.(pdf|zip|gz|tgz|rar|7z|dmg|exe|msi|apk|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|woff2?|ttf|otf|eot|css|js|mjs|cjs|map|wasm|webmanifest|json|xml|rss|atom|txt|csv|xlsx?|docx?|pptx?|ics|md|markdown|rst|adoc|ipynb|ya?ml|toml|tex|bib|sql|patch|diff)$/i;
/** Links a QA crawler must never follow: they change state for the visitor. */
const UNSAFE_PATH = /(^|\/)(log-?out|sign-?out|logoff|delete|remove|unsubscribe|cart\/(add|clear)|checkout)(\/|$)/i;
/**
 * Query strings that name an action: WooCommerce's `?add-to-cart=12` and `?remove_item=…`, WordPress's
 * `wp-login.php?action=logout`, OpenCart's `route=account/logout`, a `?logout` or `?delete=` flag.
 */
const UNSAFE_QUERY = /(?:^|[?&])(?:add-to-cart|add_to_cart|remove_item|remove-item|empty-cart|empty_cart|clear-cart|logout|log-out|signout|sign-out|delete|unsubscribe)(?:=|&|$)|(?:^|[?&])(?:action|do|task|op|route)=[^&]*(?:log-?out|sign-?out|logoff|delete|remove|unsubscribe|add-?to-?cart|checkout)/i;

/** Whether a link's address names an action a visit could set off (log out, delete, checkout, add to cart). */
export function isUnsafePath(url: string): boolean {
  try {
    const u = new URL(url);
    return UNSAFE_PATH.test(u.pathname) || UNSAFE_QUERY.test(u.search);
  } catch {
    return false;
  }
}
const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_[a-z]+|_ga|_gl)$/i;

export function normalizeUrl(raw: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  // A single-page app's hash route (#/guide) is a screen of its own, kept as written (a #!/ router may
  // not read #/); an in-page anchor is not.
  if (!hashRoute(u.href)) u.hash = '';
  u.username = '';
  u.password = '';
  for (const key of [...u.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) u.searchParams.delete(key);
  if (!u.pathname) u.pathname = '/';
  return u.toString();
}

/** Breadth first; within a depth, nav before header before footer before body; then the order found. */
function compare(a: Offer, b: Offer): number {
  return a.depth - b.depth || REGION_RANK[a.region] - REGION_RANK[b.region] || a.parent - b.parent || a.position - b.position;
}

/**
 * How far behind the newest pick the links used for the next one may be: pick n chooses among what
 * picks up to n − window offered (all finished long ago in a crawl of `window / 2` pages at a time),
 * so a crawl seldom waits for a page to decide.
 */
const DEFAULT_SETTLE_WINDOW = 8;

export interface FrontierOptions {
  /** How URLs are grouped into kinds of page (default: inferred from the path). */
  templateOf?: TemplateOf;
  /** See DEFAULT_SETTLE_WINDOW (a crawl passes twice its page concurrency). */
  settleWindow?: number;
}

interface Offer {
  depth: number;
  region: LinkRegion;
  found_on: string | null;
  /** The pick whose page offered it (the start page, the sitemap and clicked routes are pick 0). */
  parent: number;
  /** Its place among what that pick offered. */
  position: number;
}

export interface FrontierEntry extends Offer {
  url: string;
  template: string;
  /** The n-th page taken (the start page is pick 0): set by `next`. */
  pick: number;
}

export type LinkDisposition = 'queued' | 'seen' | 'variant' | 'off_site' | 'not_a_page' | 'unsafe' | 'invalid';

export class Frontier {
  /** URL identities offered or visited (see evidence/url-identity.ts). */
  private readonly seen = new Set<string>();
  private readonly queue: FrontierEntry[] = [];
  /** Queued entries by URL identity: a better offer of a queued URL (earlier pick, earlier place) replaces its details. */
  private readonly queued = new Map<string, FrontierEntry>();
  /** Next place of an offer, per pick. */
  private readonly positions = new Map<number, number>();
  private taken = 0;
  /** Picks handed out (the start page included) and which of them have finished. */
  private picks = 0;
  private readonly finished: boolean[] = [];
  /** Every pick up to this one has finished. */
  private finishedThrough = -1;
  /** Pick n chooses among what picks up to this one offered (never lowered). */
  private settled = 0;
  private readonly settleWindow: number;
  private allows: (url: string) => boolean = () => true;
  private readonly templateOf: TemplateOf;
  /** Pages taken per template: the next page comes from the template visited least so far. */
  private readonly takenPerTemplate = new Map<string, number>();
  /** Entries dropped by the policy given to `restrict`, in the order they came up. */
  readonly refused: FrontierEntry[] = [];
  private limitOf: ((url: string) => { key: string; max: number } | null) | null = null;
  private readonly takenBy = new Map<string, number>();
  /** Entries not visited because their group (e.g. an app-model template) had its pages already. */
  readonly sampledOut: FrontierEntry[] = [];
  /** Same-site links whose address names an action (log out, delete, checkout): never followed, said in a note. */
  readonly unsafe = new Set<string>();

  constructor(private readonly siteHost: string, private readonly maxPages: number, opts: FrontierOptions = {}) {
    this.templateOf = opts.templateOf ?? pathTemplate;
    this.settleWindow = Math.max(1, opts.settleWindow ?? DEFAULT_SETTLE_WINDOW);
  }

  /** Re-anchor the site to the start page's final host (e.g. after a redirect to www.). */
  static hostOf(url: string): string {
    return new URL(url).host.toLowerCase();
  }

  get siteHostName(): string {
    return this.siteHost;
  }

  isSameSite(url: string): boolean {
    try {
      return Frontier.hostOf(url) === this.siteHost;
    } catch {
      return false;
    }
  }

  /** Marks a URL as visited without queueing it (e.g. the final URL of a redirect). */
  markSeen(url: string): void {
    const id = routeIdentity(url);
    if (id) this.seen.add(id);
  }

  /** Whether a URL's identity was already offered or visited. */
  has(url: string): boolean {
    const id = routeIdentity(url);
    return id !== null && this.seen.has(id);
  }

  /** The kind of page a URL is: its declared group (app model) when there is one, else its path shape. */
  template(url: string): string {
    const group = this.limitOf?.(url);
    return group ? `group:${group.key}` : this.templateOf(url);
  }

  /** Every URL identity offered or visited so far (for the coverage). */
  knownUrls(): string[] {
    return [...this.seen];
  }

  /**
   * Offers a URL found on a page (`from.pick`: the pick that page was; default 0, as for the start
   * page and the sitemap). Offers of one pick are placed in the order they are made.
   */
  offer(raw: string, from: { url: string | null; depth: number; region: LinkRegion; pick?: number }): LinkDisposition {
    // Every offer of a pick takes the next place, whatever becomes of it: places never depend on
    // what other pages offered first.
    const parent = from.pick ?? 0;
    const position = this.positions.get(parent) ?? 0;
    this.positions.set(parent, position + 1);
    const url = normalizeUrl(raw, from.url ?? undefined);
    if (!url) return 'invalid';
    if (!this.isSameSite(url)) return 'off_site';
    const path = new URL(url).pathname;
    if (NON_PAGE.test(path) || CDN_ENDPOINT.test(path)) return 'not_a_page';
    if (isUnsafePath(url)) {
      if (this.unsafe.size < 100) this.unsafe.add(url);
      return 'unsafe';
    }
    const id = routeIdentity(url)!;
    const offer: Offer = { depth: from.depth, region: from.region, found_on: from.url, parent, position };
    if (this.seen.has(id)) {
      // Pages finish in any order: the offer a one-at-a-time crawl would have met first wins, so an
      // entry's depth, region and place never depend on which page answered sooner.
      const entry = this.queued.get(id);
      if (entry && (parent < entry.parent || (parent === entry.parent && position < entry.position))) Object.assign(entry, offer);
      return 'seen';
    }
    // A page's links to itself with another sort, view or filter are the same page, not a new one.
    if (isSelfVariant(url, from.url)) return 'variant';
    this.seen.add(id);
    const entry: FrontierEntry = { url, ...offer, template: this.template(url), pick: -1 };
    this.queue.push(entry);
    this.queued.set(id, entry);
    return 'queued';
  }

  /** A page taken from `next` has been recorded and its links offered. */
  done(entry: FrontierEntry): void {
    if (entry.pick < 0 || this.finished[entry.pick]) return;
    this.finished[entry.pick] = true;
    while (this.finished[this.finishedThrough + 1]) this.finishedThrough++;
  }

  /** From now on, entries `allows` refuses are dropped (into `refused`) instead of visited. */
  restrict(allows: (url: string) => boolean): void {
    this.allows = allows;
  }

  /**
   * Groups URLs (e.g. by app-model template, src/app-models/templates.ts): at most `max` of a group are
   * visited, and a declared group is the URL's template for the round-robin (instead of its path shape).
   */
  limitBy(limitOf: (url: string) => { key: string; max: number } | null): void {
    this.limitOf = limitOf;
    for (const e of this.queue) e.template = this.template(e.url);
  }

  /**
   * Next page to visit, or null when there is none yet (a page it depends on is still in flight), the
   * queue is empty or the page budget is spent: from the template visited least so far (round-robin
   * across kinds of page), then breadth first.
   *
   * Pick n chooses only among entries offered by picks up to `settled` (at least n − window), once
   * all of those have finished; when none of them is left, `settled` moves on one pick at a time,
   * waiting for that pick to finish. The choice is a function of the pages' links, never of timing.
   */
  next(): FrontierEntry | null {
    while (this.taken < this.maxPages && this.queue.length) {
      let settled = Math.max(this.settled, this.picks - this.settleWindow, 0);
      if (this.finishedThrough < Math.min(settled, this.picks - 1)) return null;
      let best = this.best(settled);
      // Nothing left of what those picks offered: take in the next pick's links, one pick at a time.
      while (best < 0 && settled < this.picks - 1) {
        settled++;
        this.settled = settled;
        if (this.finishedThrough < settled) return null;
        best = this.best(settled);
      }
      if (best < 0) return null;
      this.settled = settled;
      const entry = this.queue.splice(best, 1)[0]!;
      this.queued.delete(routeIdentity(entry.url)!);
      if (!this.allows(entry.url)) {
        this.refused.push(entry);
        continue;
      }
      const group = this.limitOf?.(entry.url);
      if (group) {
        const n = this.takenBy.get(group.key) ?? 0;
        if (n >= group.max) {
          this.sampledOut.push(entry);
          continue;
        }
        this.takenBy.set(group.key, n + 1);
      }
      this.taken++;
      this.takenPerTemplate.set(entry.template, (this.takenPerTemplate.get(entry.template) ?? 0) + 1);
      entry.pick = this.picks++;
      this.finished[entry.pick] = false;
      return entry;
    }
    return null;
  }

  /** Index in the queue of the best entry offered by picks up to `settled`, or -1. */
  private best(settled: number): number {
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const e = this.queue[i]!;
      if (e.parent <= settled && (best < 0 || this.before(e, this.queue[best]!))) best = i;
    }
    return best;
  }

  private before(a: FrontierEntry, b: FrontierEntry): boolean {
    const ta = this.takenPerTemplate.get(a.template) ?? 0;
    const tb = this.takenPerTemplate.get(b.template) ?? 0;
    return ta !== tb ? ta < tb : compare(a, b) < 0;
  }

  get budgetLeft(): number {
    return this.maxPages - this.taken;
  }

  /** URLs queued but never visited (the page budget ran out): they go to link checks. */
  leftovers(): FrontierEntry[] {
    return [...this.queue];
  }
}
