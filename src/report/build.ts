// Report JSON: a pure function of the run's summary and its evidence bundle. Re-building from a
// stored bundle yields a byte-identical body (no clocks, no randomness, stable ordering).
import { SECTIONS, SEVERITIES, type CheckResult, type Finding } from '../checks/types.js';
import { runChecks, type CheckRun } from '../checks/runner.js';
import { checks as registry } from '../checks/registry.js';
import type { Check } from '../checks/types.js';
import type { AdvisoryRecord, EvidenceBundle, MeasurementConditions, PageShot } from '../evidence/types.js';
import { consentStates, pageTimeline, type PageTimeline, type ReportConsent } from './pictures.js';
import { grade, type Sections } from '../grading/grade.js';
import { RUBRIC_VERSION } from '../grading/rubric.js';
import { flowsSection, healedStepFindings, type FlowsSection } from './flows.js';
import type { ChaosEvidence } from '../evidence/types.js';

export const REPORT_VERSION = 1;
export const TERMINAL_STATUSES = ['succeeded', 'failed', 'blocked', 'timeout'] as const;

export interface RunSummary {
  id: string;
  url: string;
  status: string;
  failure_reason: string | null;
  created_at: string;
  finished_at: string | null;
  report_url: string;
  trigger?: string;
  deploy?: { sha: string | null; ref: string | null; env: string | null };
}

export interface ReportPage {
  url: string;
  final_url: string;
  status: number | null;
  title: string | null;
  navigation_error: string | null;
  /** Present when no link leads to the page: the clicks that reached it. */
  reached_by?: import('../evidence/types.js').ReachedBy;
  /** The page's picture (image id and the document region it shows), when one was taken. */
  screenshot?: PageShot;
  /** Paint and load timings with what shifted, when the page was measured. */
  timeline?: PageTimeline;
}

export interface Report {
  report_version: number;
  run_id: string;
  url: string;
  status: string;
  failure_reason: string | null;
  created_at: string;
  finished_at: string | null;
  report_url: string;
  /**
   * True when the sections grade partial evidence: the run ended at its deadline, or a check could not
   * run (it errored: its section is graded without it, so a clean grade there is not a pass; a note says which).
   */
  partial?: boolean;
  sections?: Sections;
  flows?: FlowsSection;
  /** Monitor runs: what changed since the monitor's previous run (see follow.ts). */
  changes?: import('./follow.js').Changes;
  /** Chaos runs: the persona, its seed, and everything it would have sent or was refused. */
  chaos?: Omit<ChaosEvidence, 'breakages'> & { breakages: number };
  /** Monitor runs: what started this run, and the deploy it checked. */
  trigger?: string;
  deploy?: { sha: string | null; ref: string | null; env: string | null };
  findings?: Finding[];
  checks?: CheckResult[];
  pages?: ReportPage[];
  /** The start page with no choice, after "reject" and after "accept": a picture and what was sent in each. */
  consent?: ReportConsent;
  conditions?: MeasurementConditions;
  /** What the capture could not or would not do (limits reached, pages robots.txt kept it from). */
  notes?: string[];
  rubric_version?: number;
  evidence_schema_version?: number;
}

const sectionRank = (s: string) => {
  const i = (SECTIONS as readonly string[]).indexOf(s);
  return i === -1 ? SECTIONS.length : i;
};
const severityRank = (s: string) => (SEVERITIES as readonly string[]).indexOf(s);

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      sectionRank(a.section) - sectionRank(b.section) ||
      severityRank(a.severity) - severityRank(b.severity) ||
      (a.check_id < b.check_id ? -1 : a.check_id > b.check_id ? 1 : 0) ||
      String(a.evidence?.locator ?? '').localeCompare(String(b.evidence?.locator ?? '')),
  );
}

/** A recorded model opinion, shown labelled and counted toward nothing. */
export function advisoryFinding(a: AdvisoryRecord): Finding {
  return {
    check_id: a.check_id,
    section: 'advisory',
    tier: 'advisory',
    severity: 'info',
    title: 'Model opinion on this report',
    impact: 'A language model read the evidence summary and the verified findings; its note is not checked and counts toward nothing.',
    docs: `/docs/checks/${a.check_id}`,
    note: `${a.note}\n\n(${a.model})`,
  };
}

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function buildReport(
  run: RunSummary,
  bundle: EvidenceBundle | null,
  /** `judged`: the checks already run over this bundle (the pipeline runs them once); else they run here. */
  options: { checks?: readonly Check[]; judged?: CheckRun } = {},
): Report {
  const head: Report = {
    report_version: REPORT_VERSION,
    run_id: run.id,
    url: run.url,
    status: run.status,
    failure_reason: run.failure_reason,
    created_at: run.created_at,
    finished_at: run.finished_at,
    report_url: run.report_url,
    ...(run.trigger ? { trigger: run.trigger } : {}),
    ...(run.deploy ? { deploy: run.deploy } : {}),
  };
  if (!isTerminal(run.status) || !bundle) return head;
  const { findings, results } = options.judged ?? runChecks(bundle, options.checks ?? registry);
  const all = sortFindings([...findings, ...healedStepFindings(bundle), ...(bundle.advisories ?? []).map(advisoryFinding)]);
  // A run that failed or was blocked has no grades: sections graded on missing evidence would read as
  // clean. Its findings, checks and pages still say what was seen.
  const graded = run.status === 'succeeded' || run.status === 'timeout';
  const unchecked = uncheckedNote(results);
  return {
    ...head,
    partial: bundle.run.deadline_hit || unchecked !== null,
    ...(graded ? { sections: grade(all) } : {}),
    flows: flowsSection(bundle),
    ...(bundle.chaos ? { chaos: chaosSummary(bundle.chaos) } : {}),
    findings: all,
    checks: results,
    pages: bundle.pages.map((p) => {
      const timeline = pageTimeline(p);
      return {
        url: p.url,
        final_url: p.final_url,
        status: p.status,
        title: p.title,
        navigation_error: p.navigation_error,
        ...(p.screenshot ? { screenshot: p.screenshot } : {}),
        ...(p.reached_by ? { reached_by: p.reached_by } : {}),
        ...(timeline ? { timeline } : {}),
      };
    }),
    ...(bundle.consent ? { consent: consentStates(bundle.consent, bundle.pages[0]?.final_url ?? bundle.run.url) } : {}),
    conditions: bundle.conditions,
    notes: unchecked ? [...bundle.notes, unchecked] : bundle.notes,
    rubric_version: RUBRIC_VERSION,
    evidence_schema_version: bundle.schema_version,
  };
}

/** Checks that errored, and what that means for the grades; null when every check ran. */
export function uncheckedNote(results: readonly CheckResult[]): string | null {
  const errored = results.filter((r) => r.outcome === 'error');
  if (!errored.length) return null;
  const n = errored.length;
  const ids = errored.slice(0, 5).map((r) => r.id).join(', ') + (n > 5 ? ', …' : '');
  const sections = [...new Set(errored.map((r) => r.section))].join(', ');
  return `${n} check${n === 1 ? '' : 's'} could not run (${ids}): ${sections} ${n === 1 ? 'is' : 'are'} graded without ${n === 1 ? 'it' : 'them'}, so a clean grade there is not a pass`;
}

function chaosSummary(c: ChaosEvidence): NonNullable<Report['chaos']> {
  return { ...c, breakages: c.breakages.length };
}
