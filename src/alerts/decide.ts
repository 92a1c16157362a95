// Whether a monitor's run deserves an alert, and what it says: the run failed (after one that did
// not), a section's grade dropped, or a critical finding is new (or back). Relative to the
// monitor's previous run (a first run alerts only when it fails); pure.
import { SECTIONS } from '../checks/types.js';
import type { Report } from '../report/build.js';

const FAILED = ['failed', 'blocked'];
const ORDER = ['A', 'B', 'C', 'D', 'F'];
const LABEL: Record<string, string> = { works: 'Works', fast: 'Fast', found: 'Found', measured: 'Measured', accessible: 'Accessible', compliant: 'Compliant' };

export function alertReasons(previous: Report | null, current: Report): string[] {
  const reasons: string[] = [];
  if (FAILED.includes(current.status) && !(previous && FAILED.includes(previous.status))) {
    reasons.push(`the run ${current.status}${current.failure_reason ? `: ${current.failure_reason}` : ''}`);
  }
  if (previous?.sections && current.sections) {
    for (const s of SECTIONS) {
      const before = previous.sections[s]?.grade;
      const after = current.sections[s]?.grade;
      if (before && after && ORDER.indexOf(after) > ORDER.indexOf(before)) reasons.push(`${LABEL[s]} dropped from ${before} to ${after}`);
    }
  }
  // The first run is the baseline the monitor starts from: its report is the news, not an alert.
  if (!previous) return reasons;
  const critical = (current.findings ?? []).filter((f) => f.tier === 'verified' && f.severity === 'critical' && (f.change === 'new' || f.change === 'regressed'));
  if (critical.length) reasons.push(`${critical.length} new critical: ${critical.slice(0, 3).map((f) => f.title).join('; ')}${critical.length > 3 ? '; …' : ''}`);
  return reasons;
}
