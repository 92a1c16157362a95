// Confirm before count: which value of a page's timing a check may judge, and whether it counts.
// The crawl measures every page while other pages load and axe runs, so its timings can be
// inflated; the measuring pass loads the pages that crossed a threshold again, alone in the
// browser, twice when the first load crosses. A crossing counts only when two measurements cross
// (two lone loads; for TTFB, the crawl's and a lone load's) and the lowest of all is the value judged;
// otherwise it stays info, with every value shown.
import type { PageEvidence, TimingConditions } from '../../../evidence/types.js';
import { rate, type Bands } from './stats.js';

export type TimingField = 'ttfb_ms' | 'fcp_ms' | 'lcp_ms' | 'tbt_ms' | 'cls';

/**
 * How a metric is confirmed: `server` (TTFB: the server's answer, the same whatever the browser's
 * load), `cpu` (paint and main-thread metrics: not confirmable when the benchmark says the machine
 * was too loaded), `layout` (CLS: what moves does not depend on the CPU, but whether a late
 * stylesheet, font or image lands after the first paint depends on timing — the lowest of the crawl's
 * and the lone loads' counts; a page the pass did not reach is judged as recorded), `none` (judged as recorded).
 */
export type Confirmation = 'server' | 'cpu' | 'layout' | 'none';

export interface PageTiming {
  value: number;
  /** False: it crossed "good" in the crawl but was not confirmed by two lone loads. */
  confirmed: boolean;
  /** Every value seen: the crawl's first, then each lone load's. */
  values: number[];
  /** Confirmed by two lone loads (or a blocked main thread): strong enough to count on one page alone. */
  alone?: true;
  /** The main thread stopped answering for seconds: no timing could be read, and that is the finding. */
  blocked?: true;
}

/** A main thread that missed the watchdog's probes was blocked at least this long (two 1 s probes, 2 s apart). */
export const BLOCKED_AT_LEAST_MS = 3000;

/** Whether the machine was calibrated fast enough, when the pass ran, to judge CPU-bound timings. */
export function machineFitToJudge(timing: TimingConditions): boolean {
  return timing.benchmark_index !== null && timing.benchmark_index >= timing.benchmark_floor;
}

export function pageTiming(page: PageEvidence, field: TimingField, bands: Bands, timing: TimingConditions | undefined, how: Confirmation): PageTiming | null {
  const crawl = page.performance?.[field];
  if (field === 'tbt_ms' && !page.performance && /^page unresponsive/.test(page.navigation_error ?? '')) {
    // Confirm before count holds for a freeze too: it counts when it happened again with the page
    // alone in the browser (or in bundles from before the measuring pass), never on the crawl's word alone.
    const frozeAgain = !timing || how === 'none' || page.froze_alone === true;
    if (frozeAgain) return { value: BLOCKED_AT_LEAST_MS, confirmed: true, values: [], blocked: true, alone: true };
    const alone = (page.measurements ?? []).map((m) => m.tbt_ms).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (page.froze_alone === false && alone.length) {
      const value = Math.min(...alone);
      if (rate(value, bands) === 'good') return { value, confirmed: true, values: alone };
      const confirmed = alone.length >= 2 && machineFitToJudge(timing);
      return { value, confirmed, values: alone, ...(confirmed ? { alone: true as const } : {}) };
    }
    return { value: BLOCKED_AT_LEAST_MS, confirmed: false, values: [], blocked: true };
  }
  if (typeof crawl !== 'number' || !Number.isFinite(crawl)) return null;
  // Bundles captured before the measuring pass existed (or by drivers without one) are judged as recorded.
  if (!timing || how === 'none') return { value: crawl, confirmed: true, values: [crawl] };
  const runs = (page.measurements ?? []).map((m) => m[field]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (how === 'layout') {
    // Loaded alone: the lower lone load is the page's value, and it counts (a shift that came back
    // alone is the page's own); never loaded alone (the pass's bound): the crawl's value, as recorded.
    if (!runs.length) return { value: crawl, confirmed: true, values: [crawl] };
    // The lowest of all the loads, the crawl's included: a shift that lazy images without sizes make in
    // one load and not the next (0.11 in the crawl, 0.40 twice alone) read 0.13 in one run and 0.40 in
    // the next; the page can load without it.
    const value = Math.min(crawl, ...runs);
    return { value, confirmed: true, values: [crawl, ...runs], ...(rate(value, bands) !== 'good' ? { alone: true as const } : {}) };
  }
  // The server's answer does not depend on the browser's load: the crawl's TTFB is the first of
  // its two measurements. Paint and main-thread timings need two lone loads on a fit machine.
  // For the main thread (TBT) the lowest of every measurement is the page's value: the crawl's is usually
  // the highest (other pages and axe share the CPU), and a crawl value below the lone loads' means the
  // machine was busier during those (a notes page measured 251 ms in the crawl, then 1811 and 682 alone).
  // Paint timings are not taken from the crawl: its loads share the context's cache, the lone loads are
  // a first visit with a cold cache, as a visitor's (and Lighthouse's) first load is.
  const value = runs.length ? Math.min(...(how === 'server' || field === 'tbt_ms' ? [crawl] : []), ...runs) : crawl;
  if (rate(value, bands) === 'good') return { value, confirmed: true, values: [crawl, ...runs] };
  const confirmed = how === 'server' ? runs.length >= 1 : runs.length >= 2 && machineFitToJudge(timing);
  return { value, confirmed, values: [crawl, ...runs], ...(confirmed ? { alone: true as const } : {}) };
}
