import { describe, expect, it } from 'vitest';
import type { Report } from '../report/build.js';
import { diffReports } from './diff.js';

const grades = (g: Record<string, string>) =>
  Object.fromEntries(['works', 'fast', 'found', 'measured', 'accessible', 'compliant'].map((s) => [s, { grade: g[s] ?? 'A', critical: 0, warning: 0, info: 0 }]));

const finding = (check_id: string, page: string, title: string, at: string, tier = 'verified') => ({
  check_id, section: 'works', tier, severity: 'warning', title, impact: '', docs: '',
  ...(tier === 'verified' ? { evidence: { locator: `${check_id} · / · ${at}`, page } } : { note: 'opinion' }),
});

const report = (g: Record<string, string>, findings: unknown[]) =>
  ({ report_version: 1, run_id: 'r', url: 'https://s.example/', status: 'succeeded', sections: grades(g), findings }) as unknown as Report;

describe('diffReports', () => {
  it('lists changed grades, new and fixed verified findings; the same finding on a later run is unchanged', () => {
    const before = report({ works: 'C', fast: 'B' }, [
      finding('error_status', 'https://s.example/a', '404 on /a', 't1'),
      finding('console_error', 'https://s.example/', 'Console error', 't1'),
    ]);
    const after = report({ works: 'A', fast: 'B', accessible: 'D' }, [
      finding('console_error', 'https://s.example/', 'Console error', 't2'),
      finding('image_alt', 'https://s.example/', 'Image without alt', 't2'),
      finding('advisory_note', 'https://s.example/', 'Looks dated', 't2', 'advisory'),
    ]);
    expect(diffReports(before, after)).toEqual({
      grades_changed: [
        { section: 'works', before: 'C', after: 'A' },
        { section: 'accessible', before: 'A', after: 'D' },
      ],
      findings_new: [{ check_id: 'image_alt', section: 'works', severity: 'warning', title: 'Image without alt', page: 'https://s.example/' }],
      findings_fixed: [{ check_id: 'error_status', section: 'works', severity: 'warning', title: '404 on /a', page: 'https://s.example/a' }],
    });
  });

  it('treats a report without sections (a failed run) as having no grades', () => {
    const failed = { report_version: 1, run_id: 'r', url: 'u', status: 'failed' } as unknown as Report;
    expect(diffReports(failed, report({}, [])).grades_changed).toHaveLength(6);
    expect(diffReports(report({}, []), report({}, []))).toEqual({ grades_changed: [], findings_new: [], findings_fixed: [] });
  });
});
