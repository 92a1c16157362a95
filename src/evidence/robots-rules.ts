// Reading robots.txt rules (RFC 9309, through robots-parser): shared by the crawler, which honours
// rules addressed to siteqa by name, and by the checks, which report what the rules mean for search.
import robotsParserModule from 'robots-parser';

// robots-parser is CommonJS whose typings declare an ES default export; at run time the default
// import is the function itself. Accept either shape.
type ParseRobots = typeof robotsParserModule.default;
const robotsParser: ParseRobots =
  ((robotsParserModule as unknown as { default?: ParseRobots }).default ?? robotsParserModule) as unknown as ParseRobots;

export interface CrawlVerdict {
  allowed: boolean;
  /** 1-based line of robots.txt that decided, or -1 when no rule matched. */
  line: number;
}

/** Parses the robots.txt at `robotsUrl` once; the verdict says whether `agent` may fetch `url` (RFC 9309 longest match). */
export function parseRobots(robotsUrl: string, body: string): (url: string, agent: string) => CrawlVerdict {
  const robots = robotsParser(robotsUrl, body);
  return (url, agent) => {
    // Test the path on the robots file's own origin: rules apply per origin.
    const target = new URL(new URL(url).pathname + new URL(url).search, robotsUrl).href;
    return { allowed: robots.isAllowed(target, agent) !== false, line: robots.getMatchingLineNumber(target, agent) };
  };
}

/** Whether a `User-agent:` line of the file names `token` (case-insensitive, as RFC 9309 §2.2.1 says). */
export function namesAgent(body: string, token: string): boolean {
  const wanted = token.toLowerCase();
  return body.split(/\r\n|\r|\n/).some((line) => {
    const m = /^\s*user-agent\s*:\s*([^#\s]+)/i.exec(line);
    return m !== null && m[1]!.toLowerCase() === wanted;
  });
}
