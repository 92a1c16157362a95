import { describe, expect, it } from 'vitest';
import { renderMetrics } from './prometheus.js';

describe('renderMetrics', () => {
  it('writes gauges with HELP, TYPE and escaped labels', () => {
    const text = renderMetrics([
      { name: 'siteqa_runs', help: 'Runs by status.', type: 'gauge', samples: [{ labels: { status: 'queued' }, value: 3 }, { labels: { status: 'a"b\\c\nd' }, value: 0 }] },
    ]);
    expect(text).toBe(
      '# HELP siteqa_runs Runs by status.\n# TYPE siteqa_runs gauge\nsiteqa_runs{status="queued"} 3\nsiteqa_runs{status="a\\"b\\\\c\\nd"} 0\n',
    );
  });

  it('writes a counter without labels', () => {
    expect(renderMetrics([{ name: 'x_total', help: 'h', type: 'counter', samples: [{ value: 7 }] }])).toBe('# HELP x_total h\n# TYPE x_total counter\nx_total 7\n');
  });

  it('writes histogram buckets in ascending order, then +Inf equal to the count, sum and count', () => {
    const text = renderMetrics([
      { name: 'd_seconds', help: 'h', type: 'histogram', buckets: [{ le: 10, count: 2 }, { le: 1.5, count: 1 }], sum: 42.5, count: 3 },
    ]);
    expect(text.split('\n')).toEqual([
      '# HELP d_seconds h',
      '# TYPE d_seconds histogram',
      'd_seconds_bucket{le="1.5"} 1',
      'd_seconds_bucket{le="10"} 2',
      'd_seconds_bucket{le="+Inf"} 3',
      'd_seconds_sum 42.5',
      'd_seconds_count 3',
      '',
    ]);
  });
});
