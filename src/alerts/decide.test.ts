// When a monitor's run deserves an alert, relative to the previous run: a table of report pairs.
import { describe, expect, it } from 'vitest';
import type { Report } from '../report/build.js';
import { alertReasons } from './decide.js';

const critical = (title: string, change: 'new' | 'still_there' | 'regressed') =>
  ({ check_id: 'tracking.none_detected', section: 'measured', tier: 'verified', severity: 'critical', title, impact: '', docs: '', change }) as const;

function report(over: Partial<Report> = {}): Report {
  return {
    report_version: 1, run_id: 'r', url: 'https://shop.example/', status: 'succeeded', failure_reason: null,
    created_at: '2026-11-25T00:00:00Z', finished_at: '2026-11-25T00:01:00Z', report_url: '/r/x',
    sections: { works: { grade: 'A' }, fast: { grade: 'B' }, found: { grade: 'A' }, measured: { grade: 'A' }, accessible: { grade: 'A' }, compliant: { grade: 'A' } } as Report['sections'],
    findings: [], ...over,
  };
}

describe('alertReasons', () => {
  it('stays quiet on a first run that succeeded, whatever it found (it is the baseline)', () => {
    expect(alertReasons(null, report({ findings: [critical('No analytics found', 'new')] }))).toEqual([]);
  });

  it('alerts on a first run that failed', () => {
    expect(alertReasons(null, report({ status: 'failed', failure_reason: 'the start page answered 503' }))).toEqual(['the run failed: the start page answered 503']);
  });

  it('alerts on a failure only when the previous run did not fail', () => {
    expect(alertReasons(report({ status: 'failed' }), report({ status: 'failed' }))).toEqual([]);
  });

  it('names dropped grades and new or regressed criticals, not those still there', () => {
    const current = report({
      sections: { ...report().sections!, works: { grade: 'C' } } as Report['sections'],
      findings: [critical('A', 'new'), critical('B', 'regressed'), critical('C', 'still_there')],
    });
    expect(alertReasons(report(), current)).toEqual(['Works dropped from A to C', '2 new critical: A; B']);
  });
});
