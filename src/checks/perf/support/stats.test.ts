import { describe, expect, it } from 'vitest';
import { p75, rate, rateSite, severityFor } from './stats.js';

describe('perf stats', () => {
  it('rates against inclusive good and exclusive poor bounds', () => {
    const bands = { good: 2500, poor: 4000 };
    expect([2500, 2501, 4000, 4001].map((v) => rate(v, bands))).toEqual(['good', 'needs-improvement', 'needs-improvement', 'poor']);
  });

  it('takes the nearest-rank 75th percentile (the worst page for three pages or fewer)', () => {
    expect(p75([5])).toBe(5);
    expect(p75([1, 9, 3])).toBe(9);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
    expect(() => p75([])).toThrow();
  });

  it('maps ratings to severities', () => {
    expect([severityFor('poor'), severityFor('needs-improvement'), severityFor('good')]).toEqual(['critical', 'warning', 'info']);
  });

  it('returns null when every page is good, and lists offenders worst first otherwise', () => {
    const bands = { good: 10, poor: 20 };
    expect(rateSite([{ url: 'a', value: 1 }, { url: 'b', value: 10 }], bands)).toBeNull();
    expect(rateSite([], bands)).toBeNull();
    const site = rateSite(
      [{ url: 'a', value: 1 }, { url: 'b', value: 15 }, { url: 'c', value: 30 }, { url: 'd', value: 2 }],
      bands,
    )!;
    expect(site.offenders.map((o) => [o.url, o.rating])).toEqual([['c', 'poor'], ['b', 'needs-improvement']]);
    expect(site).toMatchObject({ p75: 15, rating: 'needs-improvement', severity: 'warning', pagesMeasured: 4 });
  });

  it('keeps one slow outlier among many good pages at info', () => {
    const pages = Array.from({ length: 8 }, (_, i) => ({ url: `p${i}`, value: i === 3 ? 99 : 5 }));
    expect(rateSite(pages, { good: 10, poor: 20 })).toMatchObject({ rating: 'good', severity: 'info', p75: 5 });
  });
});
