// Found: the site offers no sitemap, or robots.txt names a sitemap that cannot be fetched.
import type { EvidenceBundle } from '../../evidence/types.js';
import { copyHostKind } from '../../evidence/copy-host.js';
import { hostOf } from '../../evidence/views.js';
import { isOwnFailure } from '../http/support/net_errors.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isHtmlBody } from '../../evidence/html-body.js';

export const meta: CheckMeta = {
  id: 'seo.sitemap_missing',
  section: 'found',
  severity: 'info',
  title: 'No sitemap',
  impact: 'A sitemap helps search engines find every page, especially new ones and those few links point to.',
  docs: '/docs/checks/seo.sitemap_missing',
  requires: ['sitemaps'],
  thresholds: { default_location_missing: 'info', declared_in_robots_unreachable: 'warning', declared_in_robots_refused_by_guard: 'info' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const sitemaps = evidence.site.sitemaps;
  const drafts: FindingDraft[] = [];
  // A sitemap robots.txt points to must exist: crawlers fetch it and report the failure. One the audit
  // itself did not fetch (its URL guard refused the host: a local copy's robots.txt naming production)
  // says nothing about the site: it is noted as not verified.
  const declared = sitemaps.filter((s) => s.source === 'robots');
  // Otherwise the sitemap is missing when nothing answered 200 with something other than an HTML page.
  const served = sitemaps.some((s) => s.status === 200 && s.body !== null && !isHtmlBody(s));
  // When a sitemap was read here (a copy's own at the same path), the refused one is not worth a word.
  // A public site naming a sitemap on this machine or a private address (a staging leftover) names one
  // no crawler can fetch: that stays broken, whatever our guard did.
  const siteIsLocal = copyHostKind(hostOf(evidence.site.origin)) === 'local';
  const refused = declared.filter((s) => s.status === null && isOwnFailure(s.error) && (siteIsLocal || copyHostKind(hostOf(s.url)) !== 'local'));
  const unverified = served ? [] : refused;
  const brokenDeclared = declared.filter((s) => !refused.includes(s) && (s.status === null || s.status >= 400));
  for (const s of unverified) {
    drafts.push({
      title: 'Sitemap named in robots.txt was not fetched: this audit may not visit its host',
      evidence: { url: s.url, status: null, error: s.error, source: s.source, verified: false },
    });
  }
  for (const s of brokenDeclared) {
    drafts.push({
      severity: 'warning',
      title: `Sitemap named in robots.txt ${s.status === null ? 'cannot be fetched' : `answers ${s.status}`}`,
      evidence: { url: s.url, status: s.status, error: s.error, source: s.source },
    });
  }
  if (!served && !brokenDeclared.length && !unverified.length) {
    drafts.push({
      title: 'No sitemap found',
      evidence: { tried: sitemaps.map((s) => ({ url: s.url, status: s.status, content_type: s.content_type, error: s.error, source: s.source })) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
