// Compliant: cookies the site's server sets over HTTPS without the Secure attribute.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, plural, siteDocuments } from './support/documents.js';
import { hstsActive, readHsts } from './support/hsts.js';
import { isSessionLike, siteCookies } from './support/set-cookie.js';

// Load-balancer stickiness cookies whose attributes the site owner cannot change (AWS sets them).
const PROVIDER_MANAGED = new Set(['awsalb', 'awsalbtg', 'awselb', '__cfduid']);

export const meta: CheckMeta = {
  id: 'security.cookie_missing_secure',
  section: 'compliant',
  severity: 'warning',
  title: 'Cookies are sent without the Secure attribute',
  impact: 'A cookie without Secure is also sent over plain HTTP, where anyone on the network can read or steal it.',
  docs: '/docs/checks/security.cookie_missing_secure',
  requires: ['headers', 'requests'],
    optional: ['dom'],
  thresholds: { observatory_without_secure: -20, observatory_protected_by_hsts: -5 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const hstsByPage = new Map(siteDocuments(evidence, views).map((d) => [d.url, readHsts(d.page)]));
  const insecure = siteCookies(evidence, views)
    // Over plain HTTP the browser refuses Secure cookies; the missing HTTPS is the problem there.
    .filter((c) => c.https && !c.secure && !PROVIDER_MANAGED.has(c.name.toLowerCase()))
    .map((c) => {
      const hsts = hstsByPage.get(c.pages[0]!) ?? null;
      // HSTS keeps the browser off HTTP for this host (and for subdomains only with includeSubDomains).
      const protectedByHsts = hstsActive(hsts) && (c.domain === null || hsts!.includeSubDomains);
      return { c, protectedByHsts };
    });
  if (!insecure.length) return [];
  const unprotected = insecure.filter((i) => !i.protectedByHsts);
  return [
    {
      page: insecure.every((i) => i.c.pages.length === 1 && i.c.pages[0] === insecure[0]!.c.pages[0]) ? insecure[0]!.c.pages[0] : undefined,
      // With HSTS in force the browser never sends the cookie over HTTP, so the flag is defence in depth.
      severity: unprotected.length ? 'warning' : 'info',
      title: `${plural(insecure.length, 'cookie')} set without Secure: ${insecure.slice(0, 3).map((i) => i.c.name).join(', ')}${insecure.length > 3 ? ', …' : ''}`,
      evidence: {
        ...capped('cookies', insecure.map(({ c, protectedByHsts }) => ({
          name: c.name,
          session_like: isSessionLike(c.name),
          protected_by_hsts: protectedByHsts,
          set_by: c.url,
          set_cookie: c.header,
          pages: c.pages.length,
        }))),
      },
    },
  ];
}

export const check: Check = { meta, run };
