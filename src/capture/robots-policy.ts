// What the crawler honours in robots.txt. siteqa audits a site as a visitor sees it, on request, so
// rules for every crawler (`User-agent: *`, usually about search indexing) do not stop it: the Found
// checks report them instead. Rules addressed to siteqa by name are the site owner's way to keep this
// crawler out, and they are obeyed for every URL after the start page (the one the caller asked for).
import type { FetchedResource } from '../evidence/types.js';
import { namesAgent, parseRobots } from '../evidence/robots-rules.js';

/** The product token in siteqa's User-Agent, and the name robots.txt groups use for it. */
export const CRAWLER_TOKEN = 'siteqa';

export interface CrawlPolicy {
  allows(url: string): boolean;
}

const OPEN: CrawlPolicy = { allows: () => true };

export function crawlPolicy(robots: FetchedResource | null): CrawlPolicy {
  const body = robots?.status === 200 ? robots.body : null;
  if (!robots || !body || !namesAgent(body, CRAWLER_TOKEN)) return OPEN;
  const verdict = parseRobots(robots.url, body); // once: allows() runs for every URL the crawl meets
  return { allows: (url) => verdict(url, CRAWLER_TOKEN).allowed };
}
