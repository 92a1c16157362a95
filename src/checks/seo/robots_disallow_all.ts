// Found: robots.txt forbids Googlebot or every crawler from fetching the site's pages.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { parseRobots } from '../../evidence/robots-rules.js';
import { isHtmlBody } from '../../evidence/html-body.js';
import { lineText } from './support/robots_txt.js';

export const meta: CheckMeta = {
  id: 'seo.robots_disallow_all',
  section: 'found',
  severity: 'critical',
  title: 'robots.txt blocks search engines',
  impact: 'A site that robots.txt closes to crawlers disappears from search results, usually because a staging rule went live.',
  docs: '/docs/checks/seo.robots_disallow_all',
  requires: ['robots'],
  thresholds: { googlebot_blocked: 'critical', all_crawlers_blocked_but_googlebot: 'warning' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const robots = evidence.site.robots!;
  if (robots.status !== 200 || !robots.body || isHtmlBody(robots)) return [];
  const start = views.loadedPages[0]?.final_url ?? evidence.run.url;
  // The home page and the start page: either one closed means the site cannot be discovered.
  const front = [...new Set([new URL('/', robots.url).href, start])];
  // "Allow: /$" with "Disallow: /" opens the home page only: every crawled inner page closed counts too.
  const inner = [...new Set(views.loadedPages.slice(1).map((p) => p.final_url))].filter((u) => u.startsWith(new URL(robots.url).origin));
  const verdict = parseRobots(robots.url, robots.body);
  const verdicts = (agent: string, urls: string[]) => urls.map((url) => ({ url, ...verdict(url, agent) }));
  const blocked = (agent: string) => {
    const onFront = verdicts(agent, front).find((v) => !v.allowed);
    if (onFront) return { ...onFront, scope: 'the front page' };
    // Only a blanket rule ("Disallow: /" or "/*") counts here; a closed folder is a choice, not a block.
    const onInner = verdicts(agent, inner);
    const blanket = (line: number) => /^disallow\s*:\s*\/\*?\s*$/i.test(lineText(robots.body!, line) ?? '');
    return onInner.length && onInner.every((v) => !v.allowed && blanket(v.line))
      ? { ...onInner[0]!, scope: `all ${onInner.length} crawled inner pages` }
      : undefined;
  };
  const google = blocked('Googlebot');
  const everyone = blocked('*');
  if (!google && !everyone) return [];
  const hit = (google ?? everyone)!;
  const evidenceOf = {
    robots_url: robots.url,
    blocked_url: hit.url,
    user_agent: google ? 'Googlebot' : '*',
    scope: hit.scope,
    rule_line: hit.line,
    rule: lineText(robots.body, hit.line),
    truncated: robots.truncated,
  };
  if (google) {
    return [{ severity: 'critical', title: `robots.txt forbids Googlebot to crawl ${hit.scope}`, evidence: evidenceOf }];
  }
  return [{ severity: 'warning', title: 'robots.txt forbids every crawler except Googlebot', evidence: evidenceOf }];
}

export const check: Check = { meta, run };
