// The deterministic crawl frontier: same-site links (and sitemap URLs) spread across URL templates
// so no one kind of page eats the budget, then breadth-first by region (nav, header, footer, body,
// sitemap); de-duplicated by URL identity, never past max pages.
import type { LinkRegion } from '../evidence/types.js';
import { isSelfVariant, urlIdentity } from '../evidence/url-identity.js';
import { pathTemplate, type TemplateOf } from './url-template.js';

const REGION_RANK: Record<LinkRegion, number> = { start: 0, nav: 1, click: 1, header: 2, footer: 3, body: 4, sitemap: 5 };

/** Extensions that are not HTML pages: checked as links, never crawled. */
const NON_PAGE = /\.(pdf|zip|gz|tgz|rar|7z|dmg|exe|msi|apk|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|woff2?|ttf|otf|eot|css|js|mjs|cjs|map|wasm|webmanifest|json|xml|rss|atom|txt|csv|xlsx?|docx?|pptx?|ics)$/i;
/** Links a QA crawler must never follow: they change state for the visitor. */
const UNSAFE_PATH = /(^|\/)(log-?out|sign-?out|logoff|delete|remove|unsubscribe|cart\/(add|clear)|checkout)(\/|$|\?)/i;
const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_[a-z]+|_ga|_gl)$/i;

export function normalizeUrl(raw: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  u.username = '';
  u.password = '';
  for (const key of [...u.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) u.searchParams.delete(key);
  if (!u.pathname) u.pathname = '/';
  return u.toString();
}

/** Breadth first; within a depth, nav before header before footer before body; then discovery order. */
function compare(a: FrontierEntry, b: FrontierEntry): number {
  return a.depth - b.depth || REGION_RANK[a.region] - REGION_RANK[b.region] || a.seq - b.seq;
}

export interface FrontierOptions {
  /** How URLs are grouped into kinds of page (default: inferred from the path). */
  templateOf?: TemplateOf;
}

export interface FrontierEntry {
  url: string;
  depth: number;
  region: LinkRegion;
  found_on: string | null;
  seq: number;
  template: string;
}

export type LinkDisposition = 'queued' | 'seen' | 'variant' | 'off_site' | 'not_a_page' | 'unsafe' | 'invalid';

export class Frontier {
  /** URL identities offered or visited (see evidence/url-identity.ts). */
  private readonly seen = new Set<string>();
  private readonly queue: FrontierEntry[] = [];
  private seq = 0;
  private taken = 0;
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

  constructor(private readonly siteHost: string, private readonly maxPages: number, opts: FrontierOptions = {}) {
    this.templateOf = opts.templateOf ?? pathTemplate;
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
    const id = urlIdentity(url);
    if (id) this.seen.add(id);
  }

  /** Whether a URL's identity was already offered or visited. */
  has(url: string): boolean {
    const id = urlIdentity(url);
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

  offer(raw: string, from: { url: string | null; depth: number; region: LinkRegion }): LinkDisposition {
    const url = normalizeUrl(raw, from.url ?? undefined);
    if (!url) return 'invalid';
    if (!this.isSameSite(url)) return 'off_site';
    const path = new URL(url).pathname;
    if (NON_PAGE.test(path)) return 'not_a_page';
    if (UNSAFE_PATH.test(path)) return 'unsafe';
    const id = urlIdentity(url)!;
    if (this.seen.has(id)) return 'seen';
    // A page's links to itself with another sort, view or filter are the same page, not a new one.
    if (isSelfVariant(url, from.url)) return 'variant';
    this.seen.add(id);
    this.queue.push({ url, depth: from.depth, region: from.region, found_on: from.url, seq: this.seq++, template: this.template(url) });
    return 'queued';
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
   * Next page to visit, or null when the queue is empty or the page budget is spent: from the
   * template visited least so far (round-robin across kinds of page), then breadth first.
   */
  next(): FrontierEntry | null {
    while (this.taken < this.maxPages && this.queue.length) {
      let best = 0;
      for (let i = 1; i < this.queue.length; i++) if (this.before(this.queue[i]!, this.queue[best]!)) best = i;
      const entry = this.queue.splice(best, 1)[0]!;
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
      return entry;
    }
    return null;
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
