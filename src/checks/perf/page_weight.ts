// Fast: total bytes a page transfers, rated like Lighthouse's "Avoid enormous network payloads".
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, isCountable, judgedPages, kib, wireBytes } from './support/requests.js';
import { rateSite } from './support/stats.js';

// Lighthouse total-byte-weight scores 0.9 (its pass line) at 2,667 KiB and 0.5 at 4,000 KiB, control
// points taken from the HTTP Archive distribution of page weights.
const GOOD_BYTES = 2667 * 1024;
const POOR_BYTES = 4000 * 1024;

export const meta: CheckMeta = {
  id: 'perf.page_weight',
  section: 'fast',
  severity: 'warning',
  title: 'Pages download too many bytes',
  impact: 'Heavy pages load slowly on mobile networks and cost visitors on metered data plans.',
  docs: '/docs/checks/perf.page_weight',
  requires: ['requests'],
  thresholds: { good_bytes: GOOD_BYTES, poor_bytes: POOR_BYTES, percentile: 75, source: 'Lighthouse total-byte-weight' },
};

interface Weighed {
  url: string;
  value: number;
  requests: number;
  page: PageEvidence;
}

/** Sum of wire bytes over the requests a visitor's browser sends, each file once; null when no size is known. */
function weigh(page: PageEvidence): Weighed | null {
  let total = 0;
  let known = 0;
  const fetched = new Set<string>();
  for (const r of page.requests) {
    const bytes = isCountable(r) ? wireBytes(r) : null;
    if (bytes === null) continue;
    // A file the page asks for again (a diagram script fetching each image once more) comes from a
    // visitor's cache the second time; the audit's browser, which intercepts requests, has none. Only
    // an answer that forbids storing it (no-store) is downloaded again.
    // (A GET answered with success; a POST to an API or a polled endpoint is sent and answered each time.)
    const cacheable = r.method === 'GET' && r.status !== null && r.status < 400 && !/no-store/i.test(r.response_headers?.['cache-control'] ?? '');
    if (cacheable && fetched.has(r.url)) continue;
    if (cacheable) fetched.add(r.url);
    total += bytes;
    known++;
  }
  return known ? { url: page.final_url, value: total, requests: known, page } : null;
}

/** The three largest responses of a page: usually the place to start. */
function largest(page: PageEvidence): { url: string; kib: number; type: string }[] {
  return page.requests
    .filter(isCountable)
    .map((r) => ({ url: r.url, bytes: wireBytes(r) ?? 0, type: r.resource_type }))
    .sort((a, b) => b.bytes - a.bytes || (a.url < b.url ? -1 : 1))
    .slice(0, 3)
    .map((r) => ({ url: r.url, kib: kib(r.bytes), type: r.type }));
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const weighed = judgedPages(evidence, views).map(weigh).filter((w): w is Weighed => w !== null);
  const site = rateSite(weighed, { good: GOOD_BYTES, poor: POOR_BYTES });
  if (!site) return [];
  // Bytes are not noisy like timings: one heavy page is a defect to fix (warning); the p75 page being
  // poor means the whole site is heavy (critical).
  const severity = site.rating === 'poor' ? 'critical' : 'warning';
  const pages = site.offenders.map((o) => ({
    url: o.url,
    kib: kib(o.value),
    requests: o.requests,
    rating: o.rating,
    largest: largest(o.page),
  }));
  const title =
    site.rating === 'good'
      ? `${site.offenders.length} of ${site.pagesMeasured} pages exceed ${kib(GOOD_BYTES)} KiB (heaviest ${kib(site.offenders[0]!.value)} KiB)`
      : `Pages weigh ${kib(site.p75)} KiB at the 75th percentile of ${site.pagesMeasured} (over ${kib(site.rating === 'poor' ? POOR_BYTES : GOOD_BYTES)} KiB)`;
  return [
    {
      page: site.offenders.length === 1 ? site.offenders[0]!.page.url : undefined,
      severity,
      title,
      evidence: {
        p75_kib: kib(site.p75),
        rating: site.rating,
        thresholds_kib: { good: kib(GOOD_BYTES), poor: kib(POOR_BYTES) },
        pages_measured: site.pagesMeasured,
        ...capped('pages', pages),
      },
    },
  ];
}

export const check: Check = { meta, run };
