// Found: URLs listed in the sitemap answer errors (or redirect), as observed by the crawl and URL checks.
import { onCopy } from '../../evidence/copy-host.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { guardedHosts, hostnameOf, isOwnFailure, isRedirectLoopError } from '../http/support/net_errors.js';
import { listed, normalizeUrl, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { sitemapPageUrls } from './support/sitemap_urls.js';
import { knownStatus, type KnownStatus } from './support/url_status.js';

export const meta: CheckMeta = {
  id: 'seo.sitemap_bad_urls',
  section: 'found',
  severity: 'warning',
  title: 'Sitemap lists URLs that do not answer 200',
  impact: 'A sitemap should list only live, canonical pages; broken or redirecting entries waste crawl budget and make search engines trust the sitemap less.',
  docs: '/docs/checks/seo.sitemap_bad_urls',
  requires: ['sitemaps'],
  optional: ['link_checks', 'requests'],
  thresholds: { broken_from_status: 400, redirects: 'info', restricted_401_403: 'not counted', rate_limited_429: 'not counted' },
};

function isBroken(k: KnownStatus, guarded: ReadonlySet<string>): boolean {
  // Redirected to a host the audit's guard refused (a copy's redirect stub to production): not verified.
  if (k.status === null && k.final_url && guarded.has(hostnameOf(k.final_url))) return false;
  if (k.status === null) return k.error !== null && (isRedirectLoopError(k.error) || !isOwnFailure(k.error));
  // 401/403 are log-ins or bot gates in front of live pages; 429 is our own pace.
  return k.status >= 400 && ![401, 403, 429].includes(k.status);
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  // Entries the sitemaps list, plus those the capture sampled (in case a body was not kept). A local
  // copy's sitemap names production: its entries are read at the copy's own address, where the crawl and
  // the checks saw them (else each entry counted twice, and the crawl's 404s went unseen).
  const here = (u: string) => normalizeUrl(onCopy(u, views.localCopyOf, evidence.site.origin));
  const listedUrls = unique([...sitemapPageUrls(evidence.site.sitemaps).map(here), ...evidence.site.sitemap_url_checks.map((c) => normalizeUrl(c.url))]);
  const observed = listedUrls
    .map((url) => ({ url, known: knownStatus(evidence, url) }))
    .filter((e): e is { url: string; known: KnownStatus } => e.known !== null);
  const entry = ({ url, known }: { url: string; known: KnownStatus }) => ({
    url,
    status: known.status,
    error: known.error,
    final_url: known.final_url,
    observed_by: known.source,
  });
  const guarded = guardedHosts(evidence.blocked ?? []);
  const broken = observed.filter((e) => isBroken(e.known, guarded));
  const redirected = observed.filter((e) => !isBroken(e.known, guarded) && e.known.status !== null && e.known.status < 400 && e.known.redirected);
  const drafts: FindingDraft[] = [];
  if (broken.length) {
    drafts.push({
      title: `${broken.length} of ${observed.length} checked sitemap URLs are broken`,
      evidence: { checked: observed.length, listed: listedUrls.length, ...listed('urls', broken.map(entry)) },
    });
  }
  if (redirected.length) {
    drafts.push({
      severity: 'info',
      title: `${redirected.length} of ${observed.length} checked sitemap URLs redirect`,
      evidence: { checked: observed.length, listed: listedUrls.length, ...listed('urls', redirected.map(entry)) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
