import { describe, expect, it } from 'vitest';
import type { Report } from '../report/build.js';
import { recheckEmail, reportEmail } from './emails.js';

const sections = Object.fromEntries(['works', 'fast', 'found', 'measured', 'accessible', 'compliant'].map((s, i) => [s, { grade: 'ABCDEF'[i], critical: 0, warning: 0, info: 0 }]));
const report = { report_version: 1, run_id: 'r', url: 'https://s.example/<x>', status: 'succeeded', failure_reason: null, sections } as unknown as Report;
const links = { report: 'https://qa.example/r/tok', unsubscribe: 'https://qa.example/api/v1/report-subscriptions/unsubscribe?token=u' };

describe('report emails', () => {
  it('puts every grade, the report link and the unsubscribe link in both parts, HTML-escaped', () => {
    const m = reportEmail('a@s.example', report, links);
    expect(m.subject).toBe('Your siteqa report for https://s.example/<x>');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Works: A');
      expect(part).toContain('Compliant: F');
      expect(part).toContain('https://qa.example/r/tok');
      expect(part).toContain('unsubscribe?token=u');
    }
    expect(m.html).toContain('https://s.example/&#60;x&#62;');
    expect(m.html).not.toContain('<x>');
  });

  it('says why there are no grades for a failed run', () => {
    const failed = { ...report, status: 'failed', failure_reason: 'navigation failed', sections: undefined } as Report;
    expect(reportEmail('a@s.example', failed, links).text).toContain('No grades: the run ended as failed (navigation failed).');
  });

  it('lists changed grades and new and fixed findings in the re-check', () => {
    const f = { check_id: 'image_alt', section: 'accessible', severity: 'warning', title: 'Image without alt', page: 'https://s.example/' };
    const m = recheckEmail('a@s.example', report, { grades_changed: [{ section: 'works', before: 'C', after: 'A' }], findings_new: [f], findings_fixed: [] }, links);
    expect(m.text).toContain('Works: C → A');
    expect(m.text).toContain('New findings:\n- [warning] Image without alt (https://s.example/)');
    expect(m.text).toContain('Fixed findings:\nnone');
    expect(m.html).toContain('<li>Works: C → A</li>');
  });
});
