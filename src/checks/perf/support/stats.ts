// Site-level rating of a per-page number (a metric or a byte count) against good/poor thresholds.
// The site is rated at the 75th percentile of its pages, as the Core Web Vitals assessment rates an
// origin at the 75th percentile of its page loads: one slow outlier never decides a grade alone.
import type { Severity } from '../../types.js';

export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface Bands {
  /** Values at or below are good. */
  good: number;
  /** Values above are poor. */
  poor: number;
}

export function rate(value: number, bands: Bands): Rating {
  if (value <= bands.good) return 'good';
  return value <= bands.poor ? 'needs-improvement' : 'poor';
}

/** Nearest-rank 75th percentile; with three pages or fewer it is the worst page. */
export function p75(values: readonly number[]): number {
  if (!values.length) throw new Error('p75 of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/**
 * Severity of a site whose p75 has this rating: poor → critical, needs improvement → warning.
 * Pages beyond "good" while the p75 is good are still listed, as info: worth knowing, not grade-moving.
 */
export function severityFor(rating: Rating): Severity {
  return rating === 'poor' ? 'critical' : rating === 'needs-improvement' ? 'warning' : 'info';
}

export interface RatedPage {
  url: string;
  value: number;
}

export interface SiteRating<T extends RatedPage> {
  p75: number;
  rating: Rating;
  severity: Severity;
  pagesMeasured: number;
  /** Pages beyond "good", worst first (ties keep crawl order). */
  offenders: (T & { rating: Rating })[];
}

/** Rates a site; null when no page is beyond "good" (nothing to report). */
export function rateSite<T extends RatedPage>(pages: readonly T[], bands: Bands): SiteRating<T> | null {
  if (!pages.length) return null;
  const offenders = pages
    .map((p, i) => ({ ...p, rating: rate(p.value, bands), i }))
    .filter((p) => p.rating !== 'good')
    .sort((a, b) => b.value - a.value || a.i - b.i)
    .map(({ i: _i, ...p }) => p as T & { rating: Rating });
  if (!offenders.length) return null;
  const value = p75(pages.map((p) => p.value));
  const rating = rate(value, bands);
  return { p75: value, rating, severity: severityFor(rating), pagesMeasured: pages.length, offenders };
}
