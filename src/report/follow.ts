// Findings followed from run to run of a monitor: each verified finding of the new report is marked
// new, still there, regressed (fixed once, back again) or flapping (back a second time or more:
// four changes or more across the last ten runs), and what the last run had and this one has not
// is listed as fixed.
// Pure: the earlier reports are passed in, oldest first.
import type { Finding, FindingChange } from '../checks/types.js';
import type { Report } from './build.js';

export interface FindingRef {
  fingerprint: string;
  check_id: string;
  severity: Finding['severity'];
  title: string;
}

export interface Changes {
  /** The run this one is compared with (the monitor's previous graded run), null for its first. */
  compared_with: string | null;
  counts: Record<FindingChange | 'fixed', number>;
  fixed: FindingRef[];
}

const verified = (r: Report) => (r.findings ?? []).filter((f) => f.tier === 'verified' && f.fingerprint);
const comparable = (r: Report) => r.status === 'succeeded' || r.status === 'timeout';

export function followFindings(earlier: Report[], current: Report): { report: Report; changes: Changes } {
  const history = earlier.filter(comparable).slice(-10);
  const sets = history.map((r) => new Set(verified(r).map((f) => f.fingerprint!)));
  const previous = sets.at(-1) ?? null;
  const now = new Set(verified(current).map((f) => f.fingerprint!));
  const counts: Changes['counts'] = { new: 0, still_there: 0, regressed: 0, flapping: 0, fixed: 0 };
  const changeOf = (fp: string): FindingChange => {
    const presence = [...sets.map((s) => s.has(fp)), true];
    const transitions = presence.slice(1).filter((p, i) => p !== presence[i]).length;
    if (transitions >= 4) return 'flapping';
    if (previous?.has(fp)) return 'still_there';
    return sets.some((s) => s.has(fp)) ? 'regressed' : 'new';
  };
  const findings = (current.findings ?? []).map((f) => {
    if (f.tier !== 'verified' || !f.fingerprint) return f;
    const change = changeOf(f.fingerprint);
    counts[change]++;
    return { ...f, change };
  });
  const last = history.at(-1);
  const fixed = last ? verified(last).filter((f) => !now.has(f.fingerprint!)).map((f) => ({ fingerprint: f.fingerprint!, check_id: f.check_id, severity: f.severity, title: f.title })) : [];
  counts.fixed = fixed.length;
  const changes: Changes = { compared_with: last?.run_id ?? null, counts, fixed };
  return { report: { ...current, findings, changes }, changes };
}

/** "2 new critical, 1 fixed": the words alerts and e-mails use. */
export function describeChanges(report: Report, changes: Changes): string {
  const newCritical = (report.findings ?? []).filter((f) => f.tier === 'verified' && f.severity === 'critical' && (f.change === 'new' || f.change === 'regressed')).length;
  const parts = [
    newCritical ? `${newCritical} new critical` : '',
    changes.counts.new ? `${changes.counts.new} new` : '',
    changes.counts.regressed ? `${changes.counts.regressed} regressed` : '',
    changes.counts.fixed ? `${changes.counts.fixed} fixed` : '',
    changes.counts.still_there ? `${changes.counts.still_there} still there` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no findings';
}
