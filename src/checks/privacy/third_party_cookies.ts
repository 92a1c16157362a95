// Compliant: cookies set for other sites' domains while the visitor has not consented.
import type { CookieRecord } from '../../evidence/types.js';
import { matchCookie, thirdPartyEntity } from '../../evidence/vendors.js';
import { domainOf } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { consentLoad } from '../tracking/observations.js';

/** Security and load-balancing cookies of CDNs: third-party, but strictly necessary and not tracking. */
const EXEMPT_NAMES = ['__cf_bm', 'cf_clearance', '_cfuvid', '__cflb', 'AWSALB*', 'AWSALBCORS', 'AWSALBTG*'];
const EXEMPT = new RegExp(`^(?:${EXEMPT_NAMES.map((n) => n.replace('*', '.*')).join('|')})$`);

export const meta: CheckMeta = {
  id: 'privacy.third_party_cookies',
  section: 'compliant',
  severity: 'warning',
  title: 'Third-party cookies are set without consent',
  impact: 'Cookies for other companies\' domains let them recognise your visitors across sites; without consent that breaches the ePrivacy Directive, and browsers increasingly block them.',
  docs: '/docs/checks/privacy.third_party_cookies',
  requires: ['pages', 'cookies'],
    optional: ['consent'],
  thresholds: {
    sources: 'crawled pages, no-interaction and reject loads (not the accept load)',
    exempt_security_cookies: EXEMPT_NAMES.join(', '),
  },
};

const cookieDomain = (c: CookieRecord) => domainOf(`https://${c.domain.replace(/^\./, '')}/`);

export function run(evidence: Parameters<Check['run']>[0], views: Parameters<Check['run']>[1]): FindingDraft[] {
  // The site's own domains: the start page after redirects, and every hop it redirected through.
  const own = new Set<string>([views.siteDomain]);
  for (const url of [evidence.run.url, ...(evidence.pages[0]?.redirect_chain.map((h) => h.url) ?? [])]) {
    const d = domainOf(url);
    if (d) own.add(d);
  }
  const sources: CookieRecord[][] = [
    ...views.loadedPages.map((p) => p.cookies),
    consentLoad(evidence, 'none')?.cookies ?? [],
    consentLoad(evidence, 'reject')?.cookies ?? [],
  ];
  const found = new Map<string, { name: string; domain: string; vendor: string | null; entity: string | null }>();
  for (const c of sources.flat()) {
    const d = cookieDomain(c);
    if (!d || own.has(d) || EXEMPT.test(c.name)) continue;
    const key = `${c.name}@${c.domain}`;
    if (found.has(key)) continue;
    found.set(key, { name: c.name, domain: c.domain, vendor: matchCookie(c.name, c.domain)?.id ?? null, entity: thirdPartyEntity(c.domain)?.name ?? null });
  }
  if (!found.size) return [];
  const cookies = [...found.values()].sort((a, b) => a.domain.localeCompare(b.domain) || a.name.localeCompare(b.name));
  const domains = [...new Set(cookies.map((c) => c.domain.replace(/^\./, '')))];
  return [{
    title: `${cookies.length} third-party cookie${cookies.length === 1 ? '' : 's'} set without consent (${domains.slice(0, 3).join(', ')}${domains.length > 3 ? ', …' : ''})`,
    evidence: {
      cookies: cookies.slice(0, 20),
      more_cookies: Math.max(0, cookies.length - 20),
      domains,
      site_domains: [...own],
    },
  }];
}

export const check: Check = { meta, run };
