// The 7-day diff between a report and its re-check: section grades that changed, and verified
// findings that are new or fixed. Pure: two report bodies in, one diff out.
import { SECTIONS, type Finding, type SectionName } from '../checks/types.js';
import type { Report } from '../report/build.js';

export interface GradeChange {
  section: SectionName;
  before: string | null;
  after: string | null;
}

export interface FindingRef {
  check_id: string;
  section: string;
  severity: string;
  title: string;
  page: string | null;
}

export interface ReportDiff {
  grades_changed: GradeChange[];
  findings_new: FindingRef[];
  findings_fixed: FindingRef[];
}

/**
 * A finding is the same across runs when check, page and title match: the evidence locator carries
 * a timestamp, so it differs every run. Advisory findings count toward nothing and are left out.
 */
function refsOf(report: Report): Map<string, FindingRef> {
  const out = new Map<string, FindingRef>();
  for (const f of (report.findings ?? []) as Finding[]) {
    if (f.tier !== 'verified') continue;
    const page = f.evidence?.page ?? null;
    const key = `${f.check_id}\u0000${page ?? ''}\u0000${f.title}`;
    if (!out.has(key)) out.set(key, { check_id: f.check_id, section: f.section, severity: f.severity, title: f.title, page });
  }
  return out;
}

export function diffReports(before: Report, after: Report): ReportDiff {
  const grades_changed: GradeChange[] = [];
  for (const section of SECTIONS) {
    const b = before.sections?.[section]?.grade ?? null;
    const a = after.sections?.[section]?.grade ?? null;
    if (b !== a) grades_changed.push({ section, before: b, after: a });
  }
  const was = refsOf(before);
  const now = refsOf(after);
  return {
    grades_changed,
    findings_new: [...now].filter(([k]) => !was.has(k)).map(([, f]) => f),
    findings_fixed: [...was].filter(([k]) => !now.has(k)).map(([, f]) => f),
  };
}
