// The shared implementation behind perf.ttfb/fcp/lcp/cls/tbt, exercised through a test-only spec.
import { describe, expect, it } from 'vitest';
import type { PerformanceRecord } from '../../../evidence/types.js';
import { findingsOf, makeBundle, makePage, outcomeOf } from '../../test-support.js';
import { formatMetric, metricCheck } from './metric-check.js';

const perf = (over: Partial<PerformanceRecord>): PerformanceRecord => ({
  ttfb_ms: 100, fcp_ms: 500, lcp_ms: 900, cls: 0, tbt_ms: 0, long_tasks: [], dom_content_loaded_ms: 600, load_ms: 1000,
  ...over,
});
const page = (path: string, lcp: number | null, over = {}) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, performance: perf({ lcp_ms: lcp }), ...over });

const check = metricCheck({
  name: 'lcp', field: 'lcp_ms', abbr: 'LCP', unit: 'ms', bands: { good: 2500, poor: 4000 },
  title: 'LCP', impact: 'x', source: 'web.dev',
});

describe('metricCheck', () => {
  it('declares fast-section meta with its thresholds as data', () => {
    expect(check.meta).toMatchObject({
      id: 'perf.lcp', section: 'fast', docs: '/docs/checks/perf.lcp', requires: ['performance'],
      thresholds: { good: 2500, poor: 4000, percentile: 75 },
    });
  });

  it('is not applicable when no page has timings', () => {
    expect(outcomeOf(check, makeBundle({ pages: [makePage()] }))).toBe('not_applicable');
  });

  it('reports one finding listing slow pages worst first, severity from the p75', () => {
    const pages = [page('/', 3000), page('/a', 5000), page('/b', 1000), page('/c', 2600)];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f!.severity).toBe('warning');
    expect(f!.title).toBe('LCP 3.0 s at the 75th percentile of 4 pages: needs improvement');
    expect(f!.evidence).toMatchObject({ p75: 3000, rating: 'needs-improvement', pages_measured: 4, pages_total: 3 });
    expect((f!.evidence!.pages as { url: string; value: number; rating: string }[]).map((p) => [p.url, p.value, p.rating])).toEqual([
      ['https://example.com/a', 5000, 'poor'],
      ['https://example.com/', 3000, 'needs-improvement'],
      ['https://example.com/c', 2600, 'needs-improvement'],
    ]);
    expect(f!.evidence!.locator).toBe('perf.lcp · / · 2026-01-01T00:00:00.000Z');
    expect(f!.evidence!.conditions).toMatchObject({ kind: 'single lab load per page', network_throttling: 'none' });
  });

  it('is critical when the p75 page is poor, and names the page when only one is slow', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', 4200)] }));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence!.page).toBe('https://example.com/');
  });

  it('keeps an outlier among good pages at info so one noisy load never moves the grade', () => {
    const pages = [page('/', 1000), page('/a', 1200), page('/b', 6000), page('/c', 900), page('/d', 1100)];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.severity).toBe('info');
    expect(f!.title).toContain('1 of 5 pages');
  });

  it('ignores error pages, pages without the metric, duplicate final URLs and pages that left the site', () => {
    const pages = [
      page('/', 1000),
      page('/missing', 9000, { status: 404 }),
      page('/none', null),
      page('/dup', 1000, { final_url: 'https://example.com/' }),
      page('/shop', 9000, { final_url: 'https://shop.vendor.test/store' }),
    ];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('passes a realistic fast site', () => {
    const pages = ['/', '/about', '/pricing', '/blog'].map((p, i) => page(p, 1400 + i * 150));
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('formats values for titles', () => {
    expect([formatMetric(640.4, 'ms'), formatMetric(2549, 'ms'), formatMetric(0.18234, 'unitless')]).toEqual(['640 ms', '2.5 s', '0.182']);
  });

  describe('with the measuring pass (confirm before count)', () => {
    const confirmed = metricCheck({
      name: 'lcp', field: 'lcp_ms', abbr: 'LCP', unit: 'ms', bands: { good: 2500, poor: 4000 },
      title: 'LCP', impact: 'x', source: 'web.dev', confirm: 'cpu',
    });
    const timing = { benchmark_index: 1600, benchmark_floor: 500, pages_measured: 2, loads: 3, duration_ms: 900, skipped: null };
    const bundle = (pages: ReturnType<typeof page>[], index = 1600) => {
      const b = makeBundle({ pages });
      b.conditions.timing = { ...timing, benchmark_index: index };
      return b;
    };
    const alone = (path: string, crawl: number, runs: number[], over = {}) =>
      page(path, crawl, { measurements: runs.map((r) => perf({ lcp_ms: r })), ...over });

    it.each([
      ['every page slow in the crawl, good alone: nothing', [alone('/', 5000, [900]), alone('/a', 4800, [1000]), page('/b', 1000)], null],
      ['slow in the crawl, the pass never reached it: info with the value', [page('/', 1000), page('/a', 5200), page('/b', 900)], 'info'],
      ['confirmed twice on most pages: the p75 rates the site', [alone('/', 3100, [3000, 2900]), alone('/a', 3200, [3100, 3050]), alone('/b', 3000, [2800, 2700]), page('/c', 900)], 'warning'],
      ['confirmed poor on the start page, every other page good: counts alone', [alone('/', 6000, [5600, 5400]), ...['/a', '/b', '/c', '/d'].map((p) => page(p, 1000))], 'warning'],
      ['confirmed poor deep in the site, every other page good: info', [page('/', 1000), alone('/deep/x', 6000, [5600, 5400], { depth: 3 }), ...['/a', '/b', '/c'].map((p) => page(p, 1000))], 'info'],
      ['poor twice alone but the machine was too loaded: info', [alone('/', 6000, [5600, 5400]), page('/a', 1000)], 'info'],
    ] as const)('%s', (name, pages, severity) => {
      const findings = findingsOf(confirmed, bundle([...pages], name.includes('too loaded') ? 300 : 1600));
      if (severity === null) return expect(findings).toEqual([]);
      expect(findings).toHaveLength(1);
      expect(findings[0]!.severity).toBe(severity);
    });

    it('shows both values of an unconfirmed page and says it was not confirmed', () => {
      const [f] = findingsOf(confirmed, bundle([page('/', 1000), alone('/a', 5200, [4900]), page('/b', 900)]));
      expect(f!.title).toBe('LCP beyond "good" on 1 of 3 pages in the crawl, not confirmed when measured alone');
      expect(f!.evidence!.pages).toEqual([expect.objectContaining({ url: 'https://example.com/a', value: 4900, confirmed: false, values: [5200, 4900] })]);
      expect(f!.evidence!.conditions).toMatchObject({ kind: 'confirmed by two loads of the page alone in the browser', benchmark_index: 1600 });
    });

    it('names the one severe page in the title', () => {
      const [f] = findingsOf(confirmed, bundle([alone('/', 6000, [5600, 5400]), ...['/a', '/b', '/c', '/d'].map((p) => page(p, 1000))]));
      expect(f!.title).toBe('LCP 5.4 s (poor) on / (site 75th percentile 1.0 s is good)');
      expect(f!.evidence!.pages).toEqual([expect.objectContaining({ url: 'https://example.com/', value: 5400, rating: 'poor', values: [6000, 5600, 5400] })]);
    });

    it('the same pages measured again give the same verdict when the lone loads agree', () => {
      const run1 = [alone('/', 3400, [3000, 2950]), alone('/a', 3300, [3100, 3000]), page('/b', 1000)];
      const run2 = [alone('/', 5200, [3050, 2990]), alone('/a', 4100, [2980, 3020]), page('/b', 1400)];
      const verdict = (pages: typeof run1) => findingsOf(confirmed, bundle(pages)).map((f) => [f.severity, f.evidence!.rating]);
      expect(verdict(run1)).toEqual(verdict(run2));
    });
  });
});
