import { describe, expect, it } from 'vitest';
import type { PerformanceRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './cls.js';

const perf = (over: Partial<PerformanceRecord>): PerformanceRecord => ({
  ttfb_ms: 120, fcp_ms: 700, lcp_ms: 1200, cls: 0.01, tbt_ms: 40, long_tasks: [], dom_content_loaded_ms: 800, load_ms: 1500,
  ...over,
});
const one = (value: number) => makeBundle({ pages: [makePage({ performance: perf({ cls: value }) })] });

describe('perf.cls', () => {
  it('declares the web.dev thresholds', () => {
    expect(check.meta).toMatchObject({ id: 'perf.cls', section: 'fast', thresholds: { good: 0.1, poor: 0.25 } });
  });

  it.each([0, 0.1])('passes at %s (good)', (value) => {
    expect(findingsOf(check, one(value))).toEqual([]);
  });

  it.each([
    [0.11, 'warning', 'needs-improvement'],
    [0.25, 'warning', 'needs-improvement'],
    [0.26, 'critical', 'poor'],
  ] as const)('flags %s as %s', (value, severity, rating) => {
    const [f, ...rest] = findingsOf(check, one(value));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.cls', section: 'fast', severity });
    expect(f!.evidence).toMatchObject({ metric: 'CLS', p75: value, rating, thresholds: { good: 0.1, poor: 0.25 } });
    expect(f!.evidence!.pages).toEqual([expect.objectContaining({ url: 'https://example.com/', value, rating })]);
  });

  it('does not count a shift measured while the audit\'s own URL guard refused the page\'s images, fonts or stylesheets', () => {
    // A showcase page whose images live on a CDN the installation may not reach: each refused image
    // falls back to its alt text and moves what follows; a visitor gets the images.
    const refused = (url: string, resource_type: string) => makeRequest({ url, resource_type, status: null, blocked: true, failure: 'net::ERR_BLOCKED_BY_CLIENT', failure_reason: 'guard' });
    const page = (requests: ReturnType<typeof makeRequest>[]) => makeBundle({ pages: [makePage({ url: 'https://example.com/showcase/', performance: perf({ cls: 0.29 }), requests })] });
    const [f, ...rest] = findingsOf(check, page([refused('https://res.cdn.test/a.jpg', 'image'), refused('https://res.cdn.test/b.jpg', 'image')]));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'CLS beyond "good" on 1 of 1 page, measured while the audit\'s URL guard refused their images, fonts or stylesheets' });
    expect(f!.evidence!.pages).toEqual([expect.objectContaining({ url: 'https://example.com/showcase/', value: 0.29, confirmed: false, refused_by_audit: 2 })]);
    // A refused script moves nothing by itself: the shift is the page's own.
    expect(findingsOf(check, page([refused('https://tags.vendor.test/t.js', 'script')]))[0]).toMatchObject({ severity: 'critical' });
  });

  it('passes a realistic clean site', () => {
    const pages = ['/', '/about', '/contact'].map((p, i) =>
      makePage({ url: `https://example.com${p}`, depth: i ? 1 : 0, performance: perf({ cls: 0.02 }) }),
    );
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });
});
