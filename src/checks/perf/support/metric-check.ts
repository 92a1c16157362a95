// One implementation behind the five lab-metric checks (TTFB, FCP, LCP, CLS, TBT): read the metric
// from every judged page, rate the site at its 75th percentile, and report one finding per metric.
import type { EvidenceBundle, PageEvidence, PerformanceRecord } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../../types.js';
import { judgedPages, capped } from './requests.js';
import { rateSite, type Bands } from './stats.js';

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
  /** Extra per-page evidence (e.g. the longest tasks for TBT). */
  extra?: (perf: PerformanceRecord) => Record<string, unknown>;
}

/** Human form of a value: "2.6 s", "640 ms", "0.182". */
export function formatMetric(value: number, unit: MetricSpec['unit']): string {
  if (unit === 'unitless') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
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
    thresholds: { good: spec.bands.good, poor: spec.bands.poor, unit: spec.unit, percentile: 75, source: spec.source },
  };

  function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
    const measured: { url: string; value: number; page: PageEvidence }[] = [];
    for (const page of judgedPages(evidence, views)) {
      const value = page.performance?.[spec.field];
      if (typeof value === 'number' && Number.isFinite(value)) measured.push({ url: page.final_url, value, page });
    }
    const site = rateSite(measured, spec.bands);
    if (!site) return [];
    const pages = site.offenders.map((o) => ({
      url: o.url,
      value: o.value,
      rating: o.rating,
      ...(spec.extra && o.page.performance ? spec.extra(o.page.performance) : {}),
    }));
    const { conditions } = evidence;
    const n = site.pagesMeasured;
    const of = `${n} page${n === 1 ? '' : 's'}`;
    const value = formatMetric(site.p75, spec.unit);
    const title =
      site.rating === 'good'
        ? `${spec.abbr} beyond "good" on ${site.offenders.length} of ${of} (site 75th percentile ${value} is good)`
        : `${spec.abbr} ${value} at the 75th percentile of ${of}: ${site.rating.replace('-', ' ')}`;
    return [
      {
        page: site.offenders.length === 1 ? site.offenders[0]!.page.url : undefined,
        severity: site.severity,
        title,
        evidence: {
          metric: spec.abbr,
          unit: spec.unit,
          p75: site.p75,
          rating: site.rating,
          thresholds: { good: spec.bands.good, poor: spec.bands.poor },
          pages_measured: site.pagesMeasured,
          ...capped('pages', pages),
          conditions: {
            kind: 'single lab load per page',
            network_throttling: conditions.network_throttling,
            cpu_throttling: conditions.cpu_throttling,
            viewport: conditions.viewport,
          },
        },
      },
    ];
  }

  return { meta, run };
}
