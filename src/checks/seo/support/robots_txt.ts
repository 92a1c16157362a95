// Reading the fetched robots.txt: whether it is a real robots file, and whether it lets a crawler in.
import robotsParserModule from 'robots-parser';
import type { FetchedResource } from '../../../evidence/types.js';

// robots-parser is CommonJS whose typings declare an ES default export; at run time the default
// import is the function itself. Accept either shape.
type ParseRobots = typeof robotsParserModule.default;
const robotsParser: ParseRobots =
  ((robotsParserModule as unknown as { default?: ParseRobots }).default ?? robotsParserModule) as unknown as ParseRobots;

/** A 200 answer whose body is an HTML page (a catch-all route), not a robots file. */
export function isHtmlBody(resource: FetchedResource): boolean {
  const type = (resource.content_type ?? '').toLowerCase();
  const body = (resource.body ?? '').trimStart().slice(0, 200).toLowerCase();
  return type.includes('text/html') || body.startsWith('<!doctype html') || body.startsWith('<html');
}

export interface CrawlVerdict {
  allowed: boolean;
  /** 1-based line of robots.txt that decided, or -1 when no rule matched. */
  line: number;
}

/** Whether `agent` may fetch `url` under the robots.txt at `robotsUrl` (RFC 9309 longest-match rules). */
export function crawlVerdict(robotsUrl: string, body: string, url: string, agent: string): CrawlVerdict {
  const robots = robotsParser(robotsUrl, body);
  // Test the path on the robots file's own origin: rules apply per origin.
  const target = new URL(new URL(url).pathname + new URL(url).search, robotsUrl).href;
  return { allowed: robots.isAllowed(target, agent) !== false, line: robots.getMatchingLineNumber(target, agent) };
}

/** The text of a 1-based line, trimmed, for evidence. */
export function lineText(body: string, line: number): string | null {
  if (line < 1) return null;
  return body.split(/\r\n|\r|\n/)[line - 1]?.trim() ?? null;
}
