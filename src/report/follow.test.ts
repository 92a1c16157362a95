import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import type { Report } from './build.js';
import { describeChanges, followFindings } from './follow.js';
import { check as duplicateId } from '../checks/a11y/duplicate_id.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../checks/test-support.js';
import type { DuplicateIdFact } from '../evidence/types.js';

const finding = (fp: string, severity: Finding['severity'] = 'warning'): Finding => ({
  check_id: `x.${fp}`, section: 'works', tier: 'verified', severity, title: `problem ${fp}`, impact: 'i.', docs: '/d', fingerprint: fp, evidence: { locator: 'l', page: null },
});
const report = (id: string, fps: string[], status = 'succeeded'): Report => ({
  report_version: 1, run_id: id, url: 'https://site.example/', status, failure_reason: null, created_at: '', finished_at: '', report_url: `/r/${id}`,
  findings: [...fps.map((f) => finding(f, f.startsWith('c') ? 'critical' : 'warning')), { check_id: 'advisory.analyze', section: 'advisory', tier: 'advisory', severity: 'info', title: 'note', impact: 'i.', docs: '/d', note: 'n' }],
});

describe('followFindings', () => {
  it('marks everything new on a monitor\'s first run, with nothing fixed', () => {
    const { report: r, changes } = followFindings([], report('r1', ['a', 'b']));
    expect(r.findings!.filter((f) => f.tier === 'verified').map((f) => f.change)).toEqual(['new', 'new']);
    expect(r.findings!.find((f) => f.tier === 'advisory')!.change).toBeUndefined();
    expect(changes).toEqual({ compared_with: null, counts: { new: 2, still_there: 0, regressed: 0, flapping: 0, fixed: 0 }, fixed: [] });
  });

  it('follows four runs: new, still there, fixed, regressed', () => {
    const r1 = report('r1', ['a', 'b']);
    const r2 = followFindings([r1], report('r2', ['b'])).report;
    expect(followFindings([r1], report('r2', ['b'])).changes.fixed.map((f) => f.fingerprint)).toEqual(['a']);
    expect(r2.findings!.find((f) => f.fingerprint === 'b')!.change).toBe('still_there');
    const third = followFindings([r1, r2], report('r3', ['a', 'b', 'c1']));
    expect(Object.fromEntries(third.report.findings!.filter((f) => f.fingerprint).map((f) => [f.fingerprint, f.change]))).toEqual({ a: 'regressed', b: 'still_there', c1: 'new' });
    expect(third.changes.compared_with).toBe('r2');
    expect(describeChanges(third.report, third.changes)).toBe('1 new critical, 1 new, 1 regressed, 1 still there');
  });

  it('calls a finding back for the second time flapping, and skips failed runs when comparing', () => {
    const runs = [report('r1', ['a']), report('r2', []), report('r3', ['a']), report('r4', [], 'failed'), report('r5', [])];
    const { report: r, changes } = followFindings(runs, report('r6', ['a']));
    expect(r.findings!.find((f) => f.fingerprint === 'a')!.change).toBe('flapping');
    expect(changes.compared_with).toBe('r5');
  });

  it('follows an id a layout doubles as one finding while the pages it is on change, and each id apart', () => {
    const dup = (id: string): DuplicateIdFact => ({ id, count: 2, tags: ['nav'], in_svg: false, referenced_by: [], selectors: ['header nav', 'aside nav'] });
    const run = (id: string, paths: string[], note: string): Report => ({
      ...report(id, []),
      findings: findingsOf(duplicateId, makeBundle({ pages: paths.map((p, i) => makePage({ url: `https://site.example${p}`, dom: makeDom({ heading_outline: [], duplicate_ids: i === 0 ? [dup('TableOfContents'), dup(note)] : [dup('TableOfContents')] }) })) })),
    });
    const r1 = run('r1', ['/', '/a', '/b'], 'footnote-2');
    const { report: r2, changes } = followFindings([r1], run('r2', ['/c', '/', '/a', '/d', '/e'], 'footnote-3'));
    expect(r2.findings!.map((f) => [f.evidence!.id, f.change])).toEqual([['TableOfContents', 'still_there'], ['footnote-3', 'new']]);
    expect(changes.fixed.map((f) => f.title)).toEqual(['The id "footnote-2" is used by 2 elements']);
  });
});
