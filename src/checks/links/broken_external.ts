// Works: links to other sites that are certainly dead: the page is gone (404/410, answered to a GET)
// or the host name does not exist (DNS NXDOMAIN). Anything less certain cannot be verified from here.
import type { EvidenceBundle, UrlCheck } from '../../evidence/types.js';
import { listed, normalizeUrl } from '../http/support/lists.js';
import { hostnameOf } from '../http/support/net_errors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'links.broken_external',
  section: 'works',
  severity: 'warning',
  title: 'Broken link to another site',
  impact: 'Visitors who follow the link land on an error page or nowhere at all, and the page looks neglected.',
  docs: '/docs/checks/links.broken_external',
  requires: ['external_link_checks'],
  optional: ['dom'],
  thresholds: { placeholder_domains: 'example.com/.net/.org, .example, .invalid, .test (RFC 2606)', broken_statuses: '404, 410', dns: 'NXDOMAIN (ENOTFOUND)', could_not_verify: '401, 403, 429, 999, 5xx, timeouts, bot walls, a 404/410 page that redirects in the browser' },
};

export type Verdict = 'ok' | 'broken' | 'could_not_verify';

/** The host name did not resolve (NXDOMAIN); a temporary resolver failure (EAI_AGAIN) is not this. */
const NXDOMAIN = /could not be resolved \((ENOTFOUND|ERR_NAME_NOT_RESOLVED)\)|getaddrinfo ENOTFOUND/i;

export function verdictOf(c: UrlCheck): Verdict {
  if (c.error) return NXDOMAIN.test(c.error) ? 'broken' : 'could_not_verify';
  if (c.status === null) return 'could_not_verify';
  // A HEAD 404 is not trusted (servers mishandle HEAD): the checker confirms it with a GET.
  // …unless its page sends the browser on (meta refresh, a script setting location): static hosts answer
  // every path of a single-page app with such a 404 page, and a visitor lands on the right page.
  if ((c.status === 404 || c.status === 410) && c.method === 'GET') return c.client_redirect ? 'could_not_verify' : 'broken';
  // 401/403/999 are logins and bot walls (LinkedIn, Cloudflare challenges), 429 rate limits, 5xx
  // may be a bot wall or a passing outage: a visitor's browser may well get the page.
  return c.status < 400 ? 'ok' : 'could_not_verify';
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const checks = evidence.site.external_link_checks ?? [];
  // A DNS verdict needs a working resolver: some other host must have answered during the check.
  const answered = new Set(checks.filter((c) => c.status !== null).map((c) => hostnameOf(c.url)));
  const drafts: FindingDraft[] = [];
  const seen = new Set<string>();
  for (const c of checks) {
    const key = normalizeUrl(c.url);
    // Refusals by our own guard (private addresses) are errors, never "broken": verdictOf leaves them.
    if (seen.has(key) || verdictOf(c) !== 'broken') continue;
    const dns = c.error !== null;
    if (dns && ![...answered].some((h) => h !== hostnameOf(c.url))) continue;
    seen.add(key);
    drafts.push({
      page: c.found_on[0],
      title: dns ? `Link to ${hostnameOf(c.url)} leads nowhere (the host does not exist)` : `Link to ${c.url} is broken (${c.status})`,
      evidence: { url: c.url, status: c.status, method: c.method, error: c.error, final_url: c.final_url, ...listed('found_on', c.found_on) },
    });
  }
  // A placeholder already reported as leading nowhere (a `.invalid` host) is one finding, not two.
  drafts.push(...placeholderLinks(evidence, seen));
  return drafts;
}

/** Names reserved for examples (RFC 2606, RFC 6761): a link there is a template's placeholder never replaced. */
const RESERVED = /(?:^|\.)example\.(?:com|net|org)$|\.(?:example|invalid|test)$|^(?:example|invalid|test)$/i;

/**
 * Links to a domain reserved for examples (`https://example.com/code-of-conduct` on a sign-up form's
 * consent box): the page meant to be there was never linked. Read from every page's links, checked or not
 * (nothing needs asking: the name is reserved); not on a site that itself lives on such a name.
 */
function placeholderLinks(evidence: EvidenceBundle, reported: ReadonlySet<string>): FindingDraft[] {
  const site = hostnameOf(evidence.site.origin);
  if (RESERVED.test(site)) return [];
  const found = new Map<string, string[]>();
  for (const p of evidence.pages) {
    if (p.status === null || p.status >= 400) continue;
    for (const l of p.dom?.links ?? []) {
      const host = hostnameOf(l.href);
      if (!host || !RESERVED.test(host) || reported.has(normalizeUrl(l.href))) continue;
      const pages = found.get(l.href) ?? [];
      if (!pages.includes(p.final_url)) pages.push(p.final_url);
      found.set(l.href, pages);
    }
  }
  if (!found.size) return [];
  const [first] = found.keys();
  const pages = [...new Set([...found.values()].flat())];
  return [{
    page: pages.length === 1 ? pages[0] : undefined,
    title: `${found.size} link${found.size === 1 ? '' : 's'} to a domain reserved for examples, left from a template (${first})`,
    subject: 'placeholder links',
    evidence: { ...listed('links', [...found].map(([url, on]) => ({ url, pages: on.slice(0, 5) }))), ...listed('pages', pages) },
  }];
}

export const check: Check = { meta, run };
