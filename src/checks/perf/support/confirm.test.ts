// Confirm before count, as a table: which value a timing check judges and whether it counts.
import { describe, expect, it } from 'vitest';
import type { PerformanceRecord, TimingConditions } from '../../../evidence/types.js';
import { makePage } from '../../test-support.js';
import { pageTiming, type Confirmation } from './confirm.js';

const perf = (ttfb: number, lcp = 1000, tbt = 0): PerformanceRecord => ({
  ttfb_ms: ttfb, fcp_ms: 500, lcp_ms: lcp, cls: 0, tbt_ms: tbt, long_tasks: [], dom_content_loaded_ms: 600, load_ms: 900,
});
const timing = (index: number | null = 1600): TimingConditions => ({ benchmark_index: index, benchmark_floor: 500, pages_measured: 1, loads: 2, duration_ms: 900, skipped: null });
const bands = { good: 800, poor: 1800 };
const ttfb = (crawl: number, runs: number[], t: TimingConditions | null = timing(), how: Confirmation = 'server') =>
  pageTiming(makePage({ performance: perf(crawl), ...(runs.length ? { measurements: runs.map((r) => perf(r)) } : {}) }), 'ttfb_ms', bands, t ?? undefined, how);

describe('confirm before count', () => {
  it.each([
    ['good in the crawl, never re-measured', 300, [], { value: 300, confirmed: true }],
    ['crossed in the crawl only, pass never reached it', 1200, [], { value: 1200, confirmed: false, values: [1200] }],
    ['crossed in the crawl, good alone', 1200, [200], { value: 200, confirmed: true, values: [1200, 200] }],
    ['TTFB crossed in the crawl and once alone: the server answered slowly twice', 1200, [1100], { value: 1100, confirmed: true, values: [1200, 1100] }],
    ['crossed in both lone loads: the lower one counts', 1300, [1250, 1210], { value: 1210, confirmed: true, alone: true }],
    ['crossed alone, lower in the crawl: the lower one counts', 1000, [1250, 1210], { value: 1000, confirmed: true }],
    ['crossed in one lone load only', 1300, [1250, 400], { value: 400, confirmed: true, values: [1300, 1250, 400] }],
  ] as const)('%s', (_, crawl, runs, expected) => {
    expect(ttfb(crawl, [...runs])).toMatchObject(expected);
  });

  it('a layout shift is judged by the lone loads: a late stylesheet in a loaded crawl is not the page\'s own shift', () => {
    // Shaped like a Sphinx page whose @import-ed basic.css landed after the first paint in the crawl.
    const cls = (crawl: number, runs: number[], t: TimingConditions = timing()) =>
      pageTiming(makePage({ performance: { ...perf(100), cls: crawl }, measurements: runs.map((r) => ({ ...perf(100), cls: r })) }), 'cls', { good: 0.1, poor: 0.25 }, t, 'layout');
    expect(cls(0.3411, [0, 0])).toMatchObject({ value: 0, confirmed: true, values: [0.3411, 0, 0] });
    expect(cls(0.3411, [0.34, 0])).toMatchObject({ value: 0, confirmed: true });
    // The shift came back alone (a promo bar inserted after the first paint): it counts, on a loaded machine too.
    expect(cls(0.36, [0.36, 0.35])).toMatchObject({ value: 0.35, confirmed: true, alone: true });
    expect(cls(0.36, [0.36], timing(300))).toMatchObject({ value: 0.36, confirmed: true, alone: true });
    // A lower crawl value counts too: the page loaded once without the shift.
    expect(cls(0.1095, [0.4049, 0.4048])).toMatchObject({ value: 0.1095, confirmed: true });
    // Not reached by the pass (eight pages at most): the crawl's value, as recorded.
    expect(cls(0.3411, [])).toEqual({ value: 0.3411, confirmed: true, values: [0.3411] });
    expect(cls(0.02, [])).toEqual({ value: 0.02, confirmed: true, values: [0.02] });
  });

  it('judges bundles from before the measuring pass as recorded', () => {
    expect(ttfb(1200, [], null)).toEqual({ value: 1200, confirmed: true, values: [1200] });
  });

  it('a paint timing needs two lone loads: the crawl loaded it among other pages', () => {
    const lcp = (crawl: number, runs: number[]) => pageTiming(makePage({ performance: perf(100, crawl), measurements: runs.map((r) => perf(100, r)) }), 'lcp_ms', { good: 2500, poor: 4000 }, timing(), 'cpu');
    expect(lcp(5000, [4800])).toMatchObject({ value: 4800, confirmed: false, values: [5000, 4800] });
    expect(lcp(5000, [4800, 4700])).toMatchObject({ value: 4700, confirmed: true, alone: true });
    expect(lcp(5000, [4800, 2000])).toMatchObject({ value: 2000, confirmed: true });
  });

  it('judges the lowest of every measurement: a crawl value below the lone loads means the machine was busier during those', () => {
    // A notes page: 251 ms of blocking in the crawl, then 1811 and 682 ms alone while other audits ran.
    const tbt = (crawl: number, runs: number[]) => pageTiming(makePage({ performance: perf(100, 1000, crawl), measurements: runs.map((r) => perf(100, 1000, r)) }), 'tbt_ms', { good: 200, poor: 600 }, timing(), 'cpu');
    expect(tbt(251, [1811, 682])).toMatchObject({ value: 251, confirmed: true, values: [251, 1811, 682] });
    expect(tbt(5261, [764, 673])).toMatchObject({ value: 673, confirmed: true, alone: true });
  });

  it('cannot confirm a CPU-bound timing when the machine was too loaded (benchmarkIndex under the floor or unknown)', () => {
    const lcp = (t: TimingConditions) => pageTiming(makePage({ performance: perf(100, 5000), measurements: [perf(100, 4800), perf(100, 4700)] }), 'lcp_ms', { good: 2500, poor: 4000 }, t, 'cpu');
    expect(lcp(timing(1600))).toMatchObject({ value: 4700, confirmed: true });
    expect(lcp(timing(420))).toMatchObject({ value: 4700, confirmed: false, values: [5000, 4800, 4700] });
    expect(lcp(timing(null))).toMatchObject({ confirmed: false });
    // The server's answer does not depend on the machine's CPU: TTFB is confirmed anyway.
    expect(ttfb(1300, [1250, 1210], timing(420))).toMatchObject({ confirmed: true });
  });

  it('a page whose main thread stopped answering is blocked for seconds: a TBT value, not a missing one', () => {
    const error = 'page unresponsive: its main thread did not answer within 5 s after load';
    const frozen = makePage({ performance: null, navigation_error: error, froze_alone: true });
    expect(pageTiming(frozen, 'tbt_ms', { good: 200, poor: 600 }, timing(), 'cpu')).toMatchObject({ value: 3000, confirmed: true, blocked: true });
    // Bundles from before the measuring pass: the crawl's word, as recorded.
    expect(pageTiming(frozen, 'tbt_ms', { good: 200, poor: 600 }, undefined, 'cpu')).toMatchObject({ confirmed: true, blocked: true });
    expect(pageTiming(frozen, 'lcp_ms', { good: 2500, poor: 4000 }, timing(), 'cpu')).toBeNull();
    expect(pageTiming(makePage({ performance: null, navigation_error: 'net::ERR_CONNECTION_REFUSED' }), 'tbt_ms', { good: 200, poor: 600 }, timing(), 'cpu')).toBeNull();
  });

  it('a freeze seen only in the crawl is confirmed by loading the page alone, like any timing', () => {
    const error = 'page unresponsive: its main thread did not answer within 5 s after load';
    const bands = { good: 200, poor: 600 };
    // Not loaded again (the pass ran out of time, or the machine was too loaded): it stays unconfirmed.
    expect(pageTiming(makePage({ performance: null, navigation_error: error }), 'tbt_ms', bands, timing(), 'cpu')).toMatchObject({ confirmed: false, blocked: true });
    // Loaded alone, it answered: its lone loads are the values judged.
    const answered = makePage({ performance: null, navigation_error: error, froze_alone: false, measurements: [perf(100, 900, 40)] });
    expect(pageTiming(answered, 'tbt_ms', bands, timing(), 'cpu')).toEqual({ value: 40, confirmed: true, values: [40] });
    const busy = makePage({ performance: null, navigation_error: error, froze_alone: false, measurements: [perf(100, 900, 900), perf(100, 900, 800)] });
    expect(pageTiming(busy, 'tbt_ms', bands, timing(), 'cpu')).toMatchObject({ value: 800, confirmed: true, alone: true });
  });
});
