import { describe, expect, it } from 'vitest';
import type { PerformanceRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './tbt.js';

const perf = (over: Partial<PerformanceRecord>): PerformanceRecord => ({
  ttfb_ms: 120, fcp_ms: 700, lcp_ms: 1200, cls: 0.01, tbt_ms: 40, long_tasks: [], dom_content_loaded_ms: 800, load_ms: 1500,
  ...over,
});
const one = (value: number) => makeBundle({ pages: [makePage({ performance: perf({ tbt_ms: value }) })] });

describe('perf.tbt', () => {
  it('declares the web.dev thresholds', () => {
    expect(check.meta).toMatchObject({ id: 'perf.tbt', section: 'fast', thresholds: { good: 200, poor: 600 } });
  });

  it.each([0, 200])('passes at %s (good)', (value) => {
    expect(findingsOf(check, one(value))).toEqual([]);
  });

  it.each([
    [201, 'warning', 'needs-improvement'],
    [600, 'warning', 'needs-improvement'],
    [601, 'critical', 'poor'],
  ] as const)('flags %s as %s', (value, severity, rating) => {
    const [f, ...rest] = findingsOf(check, one(value));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.tbt', section: 'fast', severity });
    expect(f!.evidence).toMatchObject({ metric: 'TBT', p75: value, rating, thresholds: { good: 200, poor: 600 } });
    expect(f!.evidence!.pages).toEqual([expect.objectContaining({ url: 'https://example.com/', value, rating })]);
  });

  it('passes a realistic clean site', () => {
    const pages = ['/', '/about', '/contact'].map((p, i) =>
      makePage({ url: `https://example.com${p}`, depth: i ? 1 : 0, performance: perf({ tbt_ms: 90 }) }),
    );
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('names the longest tasks behind the blocking time', () => {
    const long_tasks = [{ start_ms: 900, duration_ms: 120 }, { start_ms: 1500, duration_ms: 480 }, { start_ms: 2100, duration_ms: 90 }, { start_ms: 2500, duration_ms: 60 }];
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ performance: perf({ tbt_ms: 650, long_tasks }) })] }));
    const [p] = f!.evidence!.pages as { long_tasks: number; longest_tasks: { duration_ms: number }[] }[];
    expect(p!.long_tasks).toBe(4);
    expect(p!.longest_tasks.map((t) => t.duration_ms)).toEqual([480, 120, 90]);
  });
});
