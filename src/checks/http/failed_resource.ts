// Works: images, scripts, styles, fonts or media a page uses failed to load (error status or network failure).
import type { EvidenceBundle, PageEvidence, RequestRecord } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { groupBy, listed, unique } from './support/lists.js';
import { isOwnFailure, netErrorCode } from './support/net_errors.js';
import { isGoneHost, reasonOf } from './support/outcome.js';
import { upstreamErrorOf } from '../../evidence/request-outcome.js';

export const meta: CheckMeta = {
  id: 'http.failed_resource',
  section: 'works',
  severity: 'critical',
  title: 'Page resources fail to load',
  impact: 'A missing script or stylesheet breaks how the page looks or works; missing images and fonts leave holes.',
  docs: '/docs/checks/http.failed_resource',
  requires: ['requests', 'dom'],
  thresholds: {
    first_party_script_or_style: 'critical',
    first_party_img_element: 'critical',
    first_party_other: 'warning',
    third_party_script_or_style_gone: 'warning',
    third_party_other: 'info',
    rate_limited_429: 'info',
    failed_without_answer_but_loaded_on_another_page: 'info',
    failed_without_answer_but_answered_when_asked_again: 'info',
  },
};

const RENDER_TYPES = new Set(['script', 'stylesheet']);
const MEDIA_TYPES = new Set(['image', 'font', 'media']);
const API_TYPES = new Set(['xhr', 'fetch']);

/** Whether a failed request is the site's defect worth reporting, or noise (see the doc page). */
function isReportable(r: RequestRecord, views: EvidenceViews): boolean {
  if (r.is_navigation || r.blocked || r.beacon_stubbed) return false;
  if (!/^https?:/i.test(r.url)) return false;
  // A host that does not resolve or refuses connections is http.unreachable_host's, grouped per host,
  // unless it answered other requests of the run: then this file's failure is judged here.
  const reason = reasonOf(r, [], views.offline);
  if (isGoneHost(r, reason, views)) return false;
  // Not reached by an audit machine without internet access: http.unreachable_host says so, once.
  if (reason === 'offline') return false;
  // The browser asks for /favicon.ico on its own, whether or not the site declares one.
  if (/^https?:\/\/[^/]+\/favicon\.ico(\?|$)/i.test(r.url)) return false;
  const asset = RENDER_TYPES.has(r.resource_type) || MEDIA_TYPES.has(r.resource_type);
  // An error status decides, even when Chromium then reports the request as aborted: it stops reading
  // the body of a script or style that answered 404, so "404 + net::ERR_ABORTED" is a real failure.
  if (r.status !== null && r.status >= 400) {
    // API calls: a 4xx is often expected (401 for a logged-out visitor); a 5xx is a server failure.
    return asset || (API_TYPES.has(r.resource_type) && r.status >= 500);
  }
  return r.failure !== null && asset && !isOwnFailure(r.failure);
}

/**
 * A content image: an `<img>` on the page shows the broken image to the visitor. CSS backgrounds,
 * preloads and tracking pixels (2×2 or smaller) that fail leave no visible hole.
 */
function isContentImage(r: RequestRecord, page: PageEvidence): boolean {
  if (r.resource_type !== 'image') return false;
  return (page.dom?.images ?? []).some((i) => i.src === r.url && !(i.display_width <= 2 && i.display_height <= 2 && (i.display_width > 0 || i.display_height > 0)));
}

/** An image whose failure the page's own script covered with a source that loaded: nothing is missing on screen. */
function replacedOnPage(r: RequestRecord, page: PageEvidence): boolean {
  return r.resource_type === 'image' && (page.dom?.replaced_images ?? []).some((x) => x.earlier_src === r.url);
}

function severityOf(r: RequestRecord, page: PageEvidence, firstParty: boolean): Severity {
  if (r.status === 429 || replacedOnPage(r, page)) return 'info';
  const render = RENDER_TYPES.has(r.resource_type);
  if (firstParty) return render || isContentImage(r, page) ? 'critical' : 'warning';
  // Third parties often refuse headless browsers (403, challenge pages); only "gone" is certain.
  return render && (r.status === 404 || r.status === 410) ? 'warning' : 'info';
}

const TITLES: Record<Severity, string> = {
  critical: 'first-party script(s), stylesheet(s) or page image(s) fail to load',
  warning: 'resource(s) fail to load',
  info: 'third-party, rate-limited or replaced resource(s) fail to load',
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const failed: { url: string; type: string; status: number | null; error: string | null; proxy_error?: string; party: string; severity: Severity; page: string; intermittent?: true; answered_again?: number; replaced_on_page?: true }[] = [];
  // Files that failed without an answer, asked for again after the crawl: what they answered then.
  const again = new Map((evidence.site.retried_resources ?? []).filter((c) => c.status !== null && c.status < 400).map((c) => [c.url, c.status!]));
  for (const page of views.loadedPages) {
    for (const r of views.subresources(page)) {
      if (!isReportable(r, views)) continue;
      const firstParty = views.isFirstParty(r.url);
      // A file that loaded on another page of the run, or answered when asked for again after the crawl,
      // and failed here without an answer (a reset, a timeout) is a passing fault of the connection, not
      // a missing file: info, never the Works grade.
      const answeredAgain = r.status === null ? again.get(r.url) : undefined;
      const intermittent = r.status === null && (views.loadedUrls.has(r.url) || answeredAgain !== undefined);
      // Our proxy said why it got nothing from the host: the audit's own connection failed there.
      const proxyError = r.status === null ? upstreamErrorOf(r.failure) : null;
      failed.push({
        url: r.url,
        type: r.resource_type,
        status: r.status,
        error: r.status !== null && r.status >= 400 ? null : (netErrorCode(r.failure) ?? r.failure),
        ...(proxyError ? { proxy_error: proxyError } : {}),
        party: firstParty ? 'first-party' : 'third-party',
        severity: intermittent ? 'info' : severityOf(r, page, firstParty),
        page: page.final_url,
        ...(intermittent ? { intermittent: true as const } : {}),
        ...(intermittent && answeredAgain !== undefined && !views.loadedUrls.has(r.url) ? { answered_again: answeredAgain } : {}),
        ...(replacedOnPage(r, page) ? { replaced_on_page: true as const } : {}),
      });
    }
  }
  const drafts: FindingDraft[] = [];
  // One finding per severity: a broken asset in a shared template fails on every page, and must
  // not multiply into one finding per page.
  for (const severity of ['critical', 'warning', 'info'] as const) {
    const ofSeverity = failed.filter((f) => f.severity === severity);
    if (!ofSeverity.length) continue;
    const resources = [...groupBy(ofSeverity, (f) => f.url).values()].map((g) => {
      const { page: _page, severity: _severity, ...first } = g[0]!;
      return { ...first, ...listed('pages', unique(g.map((f) => f.page)), 5) };
    });
    const pages = unique(ofSeverity.map((f) => f.page));
    const onlyIntermittent = ofSeverity.every((f) => f.intermittent);
    const ownConnection = onlyIntermittent && ofSeverity.every((f) => f.proxy_error);
    const where = ofSeverity.every((f) => f.answered_again !== undefined) ? 'answered when asked again after the crawl'
      : ofSeverity.some((f) => f.answered_again !== undefined) ? 'loaded on other pages or answered when asked again' : 'loaded on other pages';
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity,
      title: ownConnection
        ? `${resources.length} resource(s) failed once when the audit's own connection (through its proxy) failed, but ${where}`
        : onlyIntermittent ? `${resources.length} resource(s) failed once without an answer but ${where}` : `${resources.length} ${TITLES[severity]}`,
      evidence: { ...listed('resources', resources), ...listed('pages', pages) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
