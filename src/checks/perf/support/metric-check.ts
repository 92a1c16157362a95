// One implementation behind the five lab-metric checks (TTFB, FCP, LCP, CLS, TBT): read the metric
// from every judged page, rate the site at its 75th percentile, and report one finding per metric.
import type { EvidenceBundle, PageEvidence, PerformanceRecord } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import type { Check, CheckMeta, EvidencePart, FindingDraft } from '../../types.js';
import { refusedByAudit } from '../../http/support/outcome.js';
import { judgedPages, capped } from './requests.js';
import { pageTiming, type Confirmation, type PageTiming } from './confirm.js';
import { p75 as p75Of, rate, rateSite, type Bands } from './stats.js';

type MetricField = 'ttfb_ms' | 'fcp_ms' | 'lcp_ms' | 'cls' | 'tbt_ms';

export interface MetricSpec {
  /** Check name (file name), e.g. "lcp". */
  name: string;
  field: MetricField;
  /** Short name shown in titles, e.g. "LCP". */
  abbr: string;
  unit: 'ms' | 'unitless';
  bands: Bands;
  title: string;
  impact: string;
  /** Where the thresholds come from. */
  source: string;
  /** How a crossing is confirmed before it counts (see confirm.ts); default `none`. */
  confirm?: Confirmation;
  /** Extra per-page evidence (e.g. the longest tasks for TBT). */
  extra?: (perf: PerformanceRecord) => Record<string, unknown>;
}

/** Requests whose absence moves a page's layout: a refused image falls back to its alt text, a refused font or stylesheet reflows the text. */
const LAYOUT_RESOURCES = new Set(['image', 'font', 'stylesheet', 'media']);

/**
 * How many of a page's layout resources the audit's own URL guard refused (see refusedByAudit): a
 * shift measured without them may be the audit's, not the site's, so it cannot count (the refused-
 * requests note promises no check counts them against the site).
 */
function refusedLayoutResources(page: PageEvidence, views: EvidenceViews, evidence: EvidenceBundle): number {
  return views.subresources(page).filter((r) => LAYOUT_RESOURCES.has(r.resource_type) && refusedByAudit(r, page, evidence.blocked, views.offline)).length;
}

/** Human form of a value: "2.6 s", "640 ms", "0.182". */
export function formatMetric(value: number, unit: MetricSpec['unit']): string {
  if (unit === 'unitless') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export function metricCheck(spec: MetricSpec): Check {
  const meta: CheckMeta = {
    id: `perf.${spec.name}`,
    section: 'fast',
    severity: 'warning',
    title: spec.title,
    impact: spec.impact,
    docs: `/docs/checks/perf.${spec.name}`,
    requires: ['performance'],
    ...(spec.confirm === 'layout' ? { optional: ['requests'] as EvidencePart[] } : {}),
    thresholds: { good: spec.bands.good, poor: spec.bands.poor, unit: spec.unit, percentile: 75, source: spec.source },
  };

  function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
    const timing = evidence.conditions.timing;
    const measured: (PageTiming & { url: string; page: PageEvidence; refused?: number })[] = [];
    for (const page of judgedPages(evidence, views)) {
      const t = pageTiming(page, spec.field, spec.bands, timing, spec.confirm ?? 'none');
      if (!t) continue;
      const refused = spec.confirm === 'layout' && rate(t.value, spec.bands) !== 'good' ? refusedLayoutResources(page, views, evidence) : 0;
      measured.push({ ...t, ...(refused ? { confirmed: false, alone: undefined, refused } : {}), url: page.final_url, page });
    }
    if (!measured.length) return [];
    // An unconfirmed crossing cannot move the site's percentile: it counts as "good" there.
    const counted = measured.map((m) => (m.confirmed ? m : { ...m, value: Math.min(m.value, spec.bands.good) }));
    const site = rateSite(counted, spec.bands);
    const unconfirmed = measured.filter((m) => !m.confirmed).sort((a, b) => b.value - a.value);
    if (!site && !unconfirmed.length) return [];
    const offenders = site?.offenders ?? [];
    // One important page (the start page or one linked from it) confirmed poor by lone loads (or
    // frozen) counts on its own, however good the rest of the site is: a percentile must not hide it.
    const severe = offenders.find((o) => o.rating === 'poor' && o.alone && o.page.depth <= 1);
    const p75 = site?.p75 ?? p75Of(counted.map((c) => c.value));
    const rating = site?.rating ?? 'good';
    let severity = site?.severity ?? 'info';
    if (severe && severity === 'info') severity = 'warning';
    const pages = [
      ...offenders.map((o) => ({ url: o.url, value: o.value, rating: o.rating, ...(o.values.length > 1 ? { values: o.values } : {}), ...(o.blocked ? { blocked: true } : {}), ...(spec.extra && o.page.performance ? spec.extra(o.page.performance) : {}) })),
      ...unconfirmed.map((u) => ({ url: u.url, value: u.value, rating: rate(u.value, spec.bands), confirmed: false, values: u.values, ...(u.refused ? { refused_by_audit: u.refused } : {}) })),
    ];
    const n = measured.length;
    const of = `${n} page${n === 1 ? '' : 's'}`;
    const value = formatMetric(p75, spec.unit);
    const title =
      rating !== 'good'
        ? `${spec.abbr} ${value} at the 75th percentile of ${of}: ${rating.replace('-', ' ')}`
        : severe
          ? `${spec.abbr} ${severe.blocked ? `main thread blocked for at least ${formatMetric(severe.value, spec.unit)}` : `${formatMetric(severe.value, spec.unit)} (poor)`} on ${pathOf(severe.url)} (site 75th percentile ${value} is good)`
          : offenders.length
            ? `${spec.abbr} beyond "good" on ${offenders.length} of ${of} (site 75th percentile ${value} is good)`
            : unconfirmed.every((u) => u.refused)
              ? `${spec.abbr} beyond "good" on ${unconfirmed.length} of ${of}, measured while the audit's URL guard refused their images, fonts or stylesheets`
              : `${spec.abbr} beyond "good" on ${unconfirmed.length} of ${of} in the crawl, not confirmed when measured alone`;
    const named = offenders.length + unconfirmed.length === 1 ? (offenders[0] ?? unconfirmed[0])!.page.url : undefined;
    const { conditions } = evidence;
    return [
      {
        page: named,
        severity,
        title,
        evidence: {
          metric: spec.abbr,
          unit: spec.unit,
          p75,
          rating,
          thresholds: { good: spec.bands.good, poor: spec.bands.poor },
          pages_measured: site?.pagesMeasured ?? n,
          ...(unconfirmed.length ? { pages_unconfirmed: unconfirmed.length } : {}),
          ...capped('pages', pages),
          conditions: {
            kind: !timing || !spec.confirm || spec.confirm === 'none' ? 'single lab load per page' : spec.confirm === 'layout' ? 'pages that shifted in the crawl loaded again alone in the browser (the lower value counts); as recorded where the pass did not reach' : 'confirmed by two loads of the page alone in the browser',
            network_throttling: conditions.network_throttling,
            cpu_throttling: conditions.cpu_throttling,
            viewport: conditions.viewport,
            ...(timing ? { benchmark_index: timing.benchmark_index, benchmark_floor: timing.benchmark_floor } : {}),
          },
        },
      },
    ];
  }

  return { meta, run };
}
