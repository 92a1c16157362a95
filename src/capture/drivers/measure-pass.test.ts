// Which pages the measuring pass loads alone, and when it loads one twice.
import { describe, expect, it } from 'vitest';
import { check as fcp } from '../../checks/perf/fcp.js';
import { check as lcp } from '../../checks/perf/lcp.js';
import { check as tbt } from '../../checks/perf/tbt.js';
import { check as ttfb } from '../../checks/perf/ttfb.js';
import { makePage } from '../../checks/test-support.js';
import type { PerformanceRecord } from '../../evidence/types.js';
import { check as cls } from '../../checks/perf/cls.js';
import { GOOD_CLS, GOOD_TIMINGS, needsSecondLoad, pagesToMeasure } from './measure-pass.js';

const perf = (over: Partial<PerformanceRecord> = {}): PerformanceRecord => ({
  ttfb_ms: 50, fcp_ms: 400, lcp_ms: 600, cls: 0, tbt_ms: 0, long_tasks: [], dom_content_loaded_ms: 500, load_ms: 700, ...over,
});
const page = (path: string, over: Partial<PerformanceRecord> = {}, depth = 1) =>
  makePage({ url: `https://example.com${path}`, depth, performance: perf(over) });

describe('measuring pass', () => {
  it('selects with the same "good" thresholds the perf checks judge by', () => {
    expect(GOOD_TIMINGS).toEqual({
      ttfb_ms: ttfb.meta.thresholds!.good, fcp_ms: fcp.meta.thresholds!.good, lcp_ms: lcp.meta.thresholds!.good, tbt_ms: tbt.meta.thresholds!.good,
    });
    expect(GOOD_CLS).toBe(cls.meta.thresholds!.good);
  });

  it('measures every page that crossed in the crawl, the start page first, then worst first; never error pages', () => {
    const pages = [
      page('/fine'), page('/slowish', { lcp_ms: 3000 }), page('/frozen', { tbt_ms: 1200 }), page('/', { fcp_ms: 1900 }, 0),
      page('/server', { ttfb_ms: 900 }), { ...page('/err', { lcp_ms: 9000 }), status: 500 },
    ];
    expect(pagesToMeasure(pages).map((p) => new URL(p.url).pathname)).toEqual(['/', '/frozen', '/slowish', '/server']);
  });

  it('measures the pages that shifted in the crawl too, worst first (a late stylesheet under load, or the page\'s own shift)', () => {
    const pages = [page('/', {}, 0), page('/api.html', { cls: 0.3411 }), page('/gallery.html', { cls: 0.1476 }), page('/fine.html', { cls: 0.05 }), page('/slow.html', { lcp_ms: 3000 })];
    expect(pagesToMeasure(pages).map((p) => new URL(p.url).pathname)).toEqual(['/api.html', '/gallery.html', '/slow.html']);
  });

  it('loads first the pages that froze in the crawl (a freeze is confirmed alone like any timing), not those that failed', () => {
    const froze = makePage({ url: 'https://example.com/froze', depth: 2, performance: null, navigation_error: 'page unresponsive: its main thread did not answer within 5 s after load' });
    const refused = makePage({ url: 'https://example.com/gone', depth: 1, performance: null, navigation_error: 'net::ERR_CONNECTION_REFUSED' });
    expect(pagesToMeasure([page('/', { lcp_ms: 3000 }, 0), refused, froze]).map((p) => new URL(p.url).pathname)).toEqual(['/froze', '/']);
  });

  it('leaves a start page that stayed good alone: its crawl load already had the browser to itself', () => {
    expect(pagesToMeasure([page('/', {}, 0), page('/a')])).toEqual([]);
  });

  it('is bounded: at most eight pages', () => {
    const pages = [page('/', {}, 0), ...Array.from({ length: 20 }, (_, i) => page(`/p${i}`, { lcp_ms: 3000 + i }))];
    expect(pagesToMeasure(pages)).toHaveLength(8);
  });

  it('loads a page a second time only when a CPU-bound timing crossed (TTFB is confirmed by the crawl and one lone load)', () => {
    expect(needsSecondLoad(perf())).toBe(false);
    expect(needsSecondLoad(perf({ ttfb_ms: 1500 }))).toBe(false);
    expect(needsSecondLoad(perf({ fcp_ms: 1900 }))).toBe(true);
    expect(needsSecondLoad(perf({ tbt_ms: 201 }))).toBe(true);
    expect(needsSecondLoad(perf({ cls: 0.34 }))).toBe(true);
    expect(needsSecondLoad(perf({ cls: 0.1 }))).toBe(false);
  });
});
