import { describe, expect, it } from 'vitest';
import { check as titleMissing } from '../checks/seo/title_missing.js';
import type { Check } from '../checks/types.js';
import { makeBundle } from '../checks/test-support.js';
import { buildReport, type RunSummary } from './build.js';
import { renderReportHtml } from './html.js';

const run: RunSummary = {
  id: 'run-1', url: 'https://site.example/', status: 'succeeded', failure_reason: null,
  created_at: '2025-01-01T00:00:00.000Z', finished_at: '2025-01-01T00:02:00.000Z', report_url: '/r/tok',
};

/** A check that throws on every bundle (a bug, or evidence it did not expect). */
const throwing: Check = { meta: { ...titleMissing.meta, id: 'seo.broken_for_test' }, run: () => { throw new TypeError('page.requests is not iterable'); } };

describe('a report whose checks could not all run', () => {
  it('is partial and says which checks did not run and which sections are graded without them', () => {
    const report = buildReport(run, makeBundle(), { checks: [titleMissing, throwing] });
    expect(report.checks!.find((c) => c.id === 'seo.broken_for_test')).toMatchObject({ outcome: 'error' });
    expect(report.partial).toBe(true);
    expect(report.notes).toContain('1 check could not run (seo.broken_for_test): found is graded without it, so a clean grade there is not a pass');
    expect(renderReportHtml(report, { eventsUrl: '/e', docsBase: '' })).toContain('<p class="notice">1 check could not run (seo.broken_for_test): found is graded without it, so a clean grade there is not a pass.</p>');
  });

  it('is not partial when every check ran', () => {
    const report = buildReport(run, makeBundle(), { checks: [titleMissing] });
    expect(report.partial).toBe(false);
    expect(report.notes!.some((n) => n.includes('could not run'))).toBe(false);
  });
});
