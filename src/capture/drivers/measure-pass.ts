// The measuring pass: once the crawl and the consent loads are done and the browser has nothing
// else open, the pages whose crawl timings crossed a threshold are loaded again, one at a time, each alone
// in a fresh context (a first visit: cold cache, like Lighthouse's cleared storage), without axe
// or any other snapshot work. A page whose first load crosses a "good" threshold is loaded a
// second time: the checks count a timing only when both loads cross (confirm before count; the
// server's TTFB is confirmed by the crawl's value and one lone load).
// Lighthouse's benchmarkIndex, taken just before, says whether the machine was too loaded to judge.
import type { PageEvidence, PerformanceRecord, TimingConditions } from '../../evidence/types.js';
import { benchmarkIndexScript } from '../in-page/benchmark-index.js';
import { READ_PERF_SCRIPT } from '../in-page/perf-observer.js';
import { PageSession } from '../session/page-session.js';
import type { RunSession } from '../session/run-session.js';
import { within } from '../time.js';

/** web.dev's "good" thresholds, the same numbers as the perf checks' bands (a test holds them equal). */
export const GOOD_TIMINGS = { ttfb_ms: 800, fcp_ms: 1800, lcp_ms: 2500, tbt_ms: 200 } as const;
/** web.dev's "good" CLS (perf.cls's band): a shift in the crawl may be a late stylesheet or font of our own loaded run. */
export const GOOD_CLS = 0.1;
/**
 * Below this benchmarkIndex CPU-bound timings (FCP, LCP, TBT) cannot be confirmed. Lighthouse warns
 * under 1000 ("slower CPU than Lighthouse expects"); an idle 2-core server scores ~1600 here, and
 * under 500 it runs at less than a third of that: something else is eating the CPU.
 */
export const BENCHMARK_FLOOR = 500;
/** The pass's bounds: it exists to confirm findings, not to re-crawl the site. */
const MAX_PAGES = 8;
const PASS_BUDGET_MS = 25_000;
/** Per workload; Lighthouse uses 500 ms. The index is a rate, so a shorter run keeps its unit. */
const BENCHMARK_MS = 250;

type Timing = keyof typeof GOOD_TIMINGS;
const TIMINGS = Object.keys(GOOD_TIMINGS) as Timing[];

/** How far beyond "good" the page's worst timing is (1 = at the threshold); 0 without timings. */
export function excess(perf: PerformanceRecord | null | undefined): number {
  if (!perf) return 0;
  return Math.max(0, ...TIMINGS.map((k) => (typeof perf[k] === 'number' ? perf[k]! / GOOD_TIMINGS[k] : 0)), typeof perf.cls === 'number' ? perf.cls / GOOD_CLS : 0);
}

export const crosses = (perf: PerformanceRecord | null | undefined): boolean => excess(perf) > 1;

/**
 * A second lone load is needed when a CPU-bound timing (FCP, LCP, TBT) or the layout shift crossed in
 * the first: the server's answer (TTFB) is confirmed by the crawl's value and one lone load.
 */
export function needsSecondLoad(perf: PerformanceRecord): boolean {
  return (['fcp_ms', 'lcp_ms', 'tbt_ms'] as const).some((k) => typeof perf[k] === 'number' && perf[k]! > GOOD_TIMINGS[k]) || crossesCls(perf);
}

const crossesCls = (perf: PerformanceRecord | null | undefined): boolean => typeof perf?.cls === 'number' && perf.cls > GOOD_CLS;

/**
 * Every page whose crawl timings crossed, the start page (the site's front door) first, then worst
 * first. The start page's crawl load was already alone in the browser (the crawl starts after it),
 * so when it stayed good there it needs no second look.
 */
export function pagesToMeasure(pages: readonly PageEvidence[]): PageEvidence[] {
  const crossing = pages.filter((p) => p.status !== null && p.status < 400 && !p.navigation_error && crosses(p.performance));
  const start = crossing.filter((p) => p.depth === 0);
  const rest = crossing.filter((p) => p.depth !== 0).sort((a, b) => excess(b.performance) - excess(a.performance));
  // Pages that froze in the crawl first: a freeze is the gravest timing verdict, and the easiest to owe to our own load.
  return [...pages.filter(frozeInCrawl), ...start, ...rest].slice(0, MAX_PAGES);
}

/** The crawl's verdict that the page's main thread stopped answering (src/capture/page-recorder.ts, navigation.ts). */
export const frozeInCrawl = (p: PageEvidence): boolean => p.status !== null && /^page unresponsive/.test(p.navigation_error ?? '');

/** Runs the pass, writes each measured page's `measurements`, and returns the conditions it ran in. */
export async function measuringPass(session: RunSession, pages: readonly PageEvidence[]): Promise<TimingConditions> {
  const timing: TimingConditions = { benchmark_index: null, benchmark_floor: BENCHMARK_FLOOR, pages_measured: 0, loads: 0, duration_ms: 0, skipped: null };
  let chosen = pagesToMeasure(pages);
  const began = Date.now();
  const budget = () => Math.min(PASS_BUDGET_MS - (Date.now() - began), session.left() - 3000);
  // The calibration is recorded whatever happens next: it says what the crawl's timings are worth.
  timing.benchmark_index = await benchmarkIndex(session);
  // Too loaded to judge CPU-bound timings: only the server's answer (TTFB) can still be confirmed,
  // by one lone load of the pages where it crossed; nothing else is worth the time.
  const fit = timing.benchmark_index !== null && timing.benchmark_index >= BENCHMARK_FLOOR;
  if (!fit) {
    // Layout shifts are judged by what moves, not how fast: a page that shifted is still loaded alone once.
    chosen = chosen.filter((p) => !frozeInCrawl(p) && ((p.performance?.ttfb_ms ?? 0) > GOOD_TIMINGS.ttfb_ms || crossesCls(p.performance)));
    timing.skipped = `benchmarkIndex ${timing.benchmark_index ?? 'unknown'} under ${BENCHMARK_FLOOR}: the machine was too loaded to judge paint and main-thread timings; only slow server answers and layout shifts were measured again`;
  }
  for (const page of chosen) {
    if (budget() < 1500) {
      timing.skipped = `time budget: ${chosen.length - timing.pages_measured} of ${chosen.length} pages not measured alone`;
      break;
    }
    const runs: PerformanceRecord[] = [];
    for (let i = 0; i < (fit ? 2 : 1) && budget() >= 1500; i++) {
      const perf = await loadAlone(session, page.final_url, budget());
      if (perf === 'froze') {
        page.froze_alone = true;
        timing.loads++;
        break;
      }
      if (!perf) break;
      if (frozeInCrawl(page)) page.froze_alone = false;
      runs.push(perf);
      timing.loads++;
      if (!needsSecondLoad(perf)) break;
    }
    if (runs.length) {
      page.measurements = runs;
      timing.pages_measured++;
    }
  }
  timing.duration_ms = Date.now() - began;
  return timing;
}

async function benchmarkIndex(session: RunSession): Promise<number | null> {
  const page = await within(session.context.newPage(), 3000, null);
  if (!page) return null;
  try {
    return await within(page.evaluate(benchmarkIndexScript(BENCHMARK_MS)) as Promise<number>, 4000, null);
  } finally {
    await within(page.close(), 2000, undefined);
  }
}

/** One load of `url` alone in a fresh context, settled by the page rule; `froze` when its main thread stopped answering, null when it failed otherwise. */
async function loadAlone(session: RunSession, url: string, ms: number): Promise<PerformanceRecord | 'froze' | null> {
  const ctx = await within(session.newContext(), 5000, null);
  if (!ctx) return null;
  try {
    const budget = { ...session.budget, deadline: Math.min(session.budget.deadline, Date.now() + ms) };
    const page = await PageSession.open(ctx, { ...session.pageOptions(), budget });
    const nav = await page.goto(url);
    if (/^page unresponsive/.test(nav.error ?? '')) return 'froze';
    if (nav.error) return null;
    // As patient as the crawl's probe (page-recorder.ts): a freeze is judged by the same rule both times.
    if (!(await page.responsive(5000))) return 'froze';
    return await within(page.page.evaluate(READ_PERF_SCRIPT) as Promise<PerformanceRecord>, 3000, null);
  } finally {
    await session.closeContext(ctx);
  }
}
