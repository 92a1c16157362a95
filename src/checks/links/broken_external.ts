// Works: links to other sites that are certainly dead: the page is gone (404/410, answered to a GET)
// or the host name does not exist (DNS NXDOMAIN). Anything less certain cannot be verified from here.
import type { EvidenceBundle, UrlCheck } from '../../evidence/types.js';
import { listed, normalizeUrl } from '../http/support/lists.js';
import { hostnameOf } from '../http/support/net_errors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { placeholderIn, RESERVED_HOST } from './support/placeholder_url.js';

export const meta: CheckMeta = {
  id: 'links.broken_external',
  section: 'works',
  severity: 'warning',
  title: 'Broken link to another site',
  impact: 'Visitors who follow the link land on an error page or nowhere at all, and the page looks neglected.',
  docs: '/docs/checks/links.broken_external',
  requires: ['external_link_checks'],
  optional: ['dom'],
  thresholds: { placeholders: 'links and form actions on example.com/.net/.org, .example, .invalid, .test (RFC 2606), with an unrendered {{ variable }} or a YOUR_USERNAME-style token', broken_statuses: '404, 410', dns: 'NXDOMAIN (ENOTFOUND)', could_not_verify: '401, 403, 429, 999, 5xx, timeouts, bot walls, a 404/410 page that redirects in the browser' },
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

/**
 * Links to another site, and forms, that a template left as placeholders (support/placeholder_url.ts): a
 * domain reserved for examples (`https://example.com/code-of-conduct` on a sign-up form's consent box), a
 * `YOUR_USERNAME` profile link, a contact form posting to `https://formspree.io/f/VOTRE_ID_FORMSPREE`.
 * Read from every page's links and forms, checked or not (nothing needs asking); not on a site that
 * itself lives on a reserved name.
 */
function placeholderLinks(evidence: EvidenceBundle, reported: ReadonlySet<string>): FindingDraft[] {
  const site = hostnameOf(evidence.site.origin);
  if (RESERVED_HOST.test(site)) return [];
  const links = new Map<string, { what: string; pages: string[] }>();
  const forms = new Map<string, { what: string; pages: string[] }>();
  const note = (into: typeof links, url: string, what: string, page: string) => {
    const entry = into.get(url) ?? { what, pages: [] };
    if (!entry.pages.includes(page)) entry.pages.push(page);
    into.set(url, entry);
  };
  for (const p of evidence.pages) {
    if (p.status === null || p.status >= 400) continue;
    for (const l of p.dom?.links ?? []) {
      // The site's own links answer for themselves (links.broken_internal).
      if (hostnameOf(l.href) === site || reported.has(normalizeUrl(l.href))) continue;
      const what = placeholderIn(l.href);
      if (what) note(links, l.href, what, p.final_url);
    }
    for (const f of p.dom?.forms ?? []) {
      const what = placeholderIn(f.action);
      if (what) note(forms, f.action, what, p.final_url);
    }
  }
  const drafts: FindingDraft[] = [];
  const listing = (name: 'links' | 'forms', found: typeof links) => ({
    ...listed(name, [...found].map(([url, { what, pages }]) => ({ url, placeholder: what, pages: pages.slice(0, 5) }))),
    ...listed('pages', [...new Set([...found.values()].flatMap((e) => e.pages))]),
  });
  const onePage = (found: typeof links) => {
    const pages = new Set([...found.values()].flatMap((e) => e.pages));
    return pages.size === 1 ? [...pages][0] : undefined;
  };
  if (links.size) {
    const [first] = links.keys();
    const reservedOnly = [...links.values()].every((e) => RESERVED_HOST.test(e.what));
    drafts.push({
      page: onePage(links),
      title: reservedOnly
        ? `${links.size} link${links.size === 1 ? '' : 's'} to a domain reserved for examples, left from a template (${first})`
        : `${links.size} link${links.size === 1 ? '' : 's'} left as a template's placeholder (${first})`,
      subject: 'placeholder links',
      evidence: listing('links', links),
    });
  }
  if (forms.size) {
    const [first] = forms.keys();
    drafts.push({
      page: onePage(forms),
      title: `${forms.size === 1 ? 'A form sends' : `${forms.size} forms send`} to a template's placeholder address (${first}): ${forms.size === 1 ? 'it cannot' : 'they cannot'} be sent`,
      subject: 'placeholder forms',
      evidence: listing('forms', forms),
    });
  }
  return drafts;
}

/** Every link to another site was refused by the audit's own guard (an allowlist-only installation): none was checked. */
export function unverified(evidence: EvidenceBundle): string | null {
  const checks = evidence.site.external_link_checks ?? [];
  return checks.length > 0 && checks.every((c) => c.status === null && /^refused /.test(c.error ?? '') && !/ENOTFOUND/.test(c.error ?? ''))
    ? `the ${checks.length} link${checks.length === 1 ? '' : 's'} to other sites checked ${checks.length === 1 ? 'was' : 'were all'} refused by the audit's URL guard`
    : null;
}

export const check: Check = { meta, run, unverified };
