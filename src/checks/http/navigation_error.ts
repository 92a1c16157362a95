// Works: a page could not be loaded at all (DNS, TLS, connection, timeout) or froze while loading.
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { failureKind, guardedHosts, hostnameOf, isOwnFailure, isRedirectLoopError, netErrorCode } from './support/net_errors.js';

export const meta: CheckMeta = {
  id: 'http.navigation_error',
  section: 'works',
  severity: 'critical',
  title: 'Page cannot be loaded',
  impact: 'Visitors who follow the link see a browser error page, or a page that no longer responds, instead of the site.',
  docs: '/docs/checks/http.navigation_error',
  requires: [],
    optional: ['pages', 'headers', 'requests', 'performance'],
  thresholds: { start_page_severity: 'critical', other_page_severity: 'warning' },
};

const KIND_TITLE: Record<string, string> = {
  dns: 'Domain name does not resolve',
  tls: 'Secure connection (TLS) fails',
  timeout: 'Page does not finish loading in time',
  connection: 'Connection to the server fails',
  unresponsive: 'Page freezes while loading',
  other: 'Page cannot be loaded',
};

/** The failure text when the page failed to load, or null when it loaded (or the failure is ours). */
function failureOf(page: PageEvidence): string | null {
  // Our guard proxy answers 502 with this header when it cannot reach the site (DNS, refused, reset).
  const upstream = page.headers['x-siteqa-upstream-error'];
  if (upstream) return upstream;
  const error = page.navigation_error;
  if (!error) return null;
  // A page that answered but never finished loading its document within the navigation budget (a
  // response that never ends), or whose main thread never came back (an endless script loop).
  if (page.status !== null) return /unresponsive/i.test(error) || failureKind(error) === 'timeout' ? error : null;
  // Loops have their own check; our own refusals and cancellations are not the site's failure.
  return isRedirectLoopError(error) || isOwnFailure(error) ? null : error;
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const guarded = guardedHosts(evidence.blocked);
  const drafts: FindingDraft[] = [];
  for (const page of evidence.pages) {
    const error = failureOf(page);
    if (!error || guarded.has(hostnameOf(page.url)) || guarded.has(hostnameOf(page.final_url))) continue;
    const kind = /unresponsive/i.test(error) ? 'unresponsive' : failureKind(error);
    // A freeze seen only while other pages loaded beside it is confirmed by loading the page alone
    // (the measuring pass): answered alone → it was our load, not the site; not loaded again → info.
    const measured = evidence.conditions.timing !== undefined;
    if (kind === 'unresponsive' && measured && page.froze_alone === false) continue;
    const unconfirmed = kind === 'unresponsive' && measured && page.froze_alone !== true;
    drafts.push({
      page: page.url,
      severity: unconfirmed ? 'info' : page.depth === 0 ? 'critical' : 'warning',
      title: `${KIND_TITLE[kind]}: ${page.url}`,
      evidence: {
        url: page.url,
        error: error.slice(0, 300),
        error_code: netErrorCode(error),
        kind,
        redirect_chain: page.redirect_chain.map((h) => `${h.status} ${h.url}`),
        found_on: page.found_on,
        ...(kind === 'unresponsive' && measured ? { froze_when_loaded_alone: page.froze_alone ?? null } : {}),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
