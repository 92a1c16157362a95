// The deterministic crawl frontier: same-site links by priority (nav, header, footer, body),
// breadth-first, de-duplicated by normalized URL, never past max pages.
import type { LinkRegion } from '../evidence/types.js';

const REGION_RANK: Record<LinkRegion, number> = { start: 0, nav: 1, header: 2, footer: 3, body: 4, sitemap: 5 };

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

export interface FrontierEntry {
  url: string;
  depth: number;
  region: LinkRegion;
  found_on: string | null;
  seq: number;
}

export type LinkDisposition = 'queued' | 'seen' | 'off_site' | 'not_a_page' | 'unsafe' | 'invalid';

export class Frontier {
  private readonly seen = new Set<string>();
  private readonly queue: FrontierEntry[] = [];
  private seq = 0;
  private taken = 0;
  private allows: (url: string) => boolean = () => true;
  /** Entries dropped by the policy given to `restrict`, in the order they came up. */
  readonly refused: FrontierEntry[] = [];
  private limitOf: ((url: string) => { key: string; max: number } | null) | null = null;
  private readonly takenBy = new Map<string, number>();
  /** Entries not visited because their group (e.g. an app-model template) had its pages already. */
  readonly sampledOut: FrontierEntry[] = [];

  constructor(private readonly siteHost: string, private readonly maxPages: number) {}

  /** Re-anchor the site to the start page's final host (e.g. after a redirect to www.). */
  static hostOf(url: string): string {
    return new URL(url).host.toLowerCase();
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
    const n = normalizeUrl(url);
    if (n) this.seen.add(n);
  }

  offer(raw: string, from: { url: string | null; depth: number; region: LinkRegion }): LinkDisposition {
    const url = normalizeUrl(raw, from.url ?? undefined);
    if (!url) return 'invalid';
    if (!this.isSameSite(url)) return 'off_site';
    const path = new URL(url).pathname;
    if (NON_PAGE.test(path)) return 'not_a_page';
    if (UNSAFE_PATH.test(path)) return 'unsafe';
    if (this.seen.has(url)) return 'seen';
    this.seen.add(url);
    this.queue.push({ url, depth: from.depth, region: from.region, found_on: from.url, seq: this.seq++ });
    return 'queued';
  }

  /** From now on, entries `allows` refuses are dropped (into `refused`) instead of visited. */
  restrict(allows: (url: string) => boolean): void {
    this.allows = allows;
  }

  /** Groups URLs (e.g. by app-model template, src/app-models/templates.ts): at most `max` of a group are visited. */
  limitBy(limitOf: (url: string) => { key: string; max: number } | null): void {
    this.limitOf = limitOf;
  }

  /** Next page to visit, or null when the queue is empty or the page budget is spent. */
  next(): FrontierEntry | null {
    while (this.taken < this.maxPages && this.queue.length) {
      let best = 0;
      for (let i = 1; i < this.queue.length; i++) if (compare(this.queue[i]!, this.queue[best]!) < 0) best = i;
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
      return entry;
    }
    return null;
  }

  get budgetLeft(): number {
    return this.maxPages - this.taken;
  }

  /** URLs queued but never visited (the page budget ran out): they go to link checks. */
  leftovers(): FrontierEntry[] {
    return [...this.queue];
  }
}
