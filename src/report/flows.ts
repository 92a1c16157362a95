// The report's Flows section (ungraded): each flow that ran, its outcome, and per step the action,
// target, outcome, URL, timing and screenshot (an image id; the HTML report links it under the
// share link). Healed steps also become labelled advisory findings until a person confirms them.
import type { Finding } from '../checks/types.js';
import type { EvidenceBundle, StepEvidence } from '../evidence/types.js';

export interface ReportFlowStep {
  index: number;
  step_id: string;
  action: string;
  target: string | null;
  value: string | null;
  outcome: StepEvidence['outcome'];
  error: string | null;
  url: string;
  status: number | null;
  duration_ms: number;
  screenshot: string | null;
  /** Failed steps: the nearest elements on the page, as a person would name them. */
  candidates?: string[];
}

export interface ReportFlow {
  flow_id: string | null;
  name: string;
  outcome: string;
  error: string | null;
  duration_ms: number;
  steps: ReportFlowStep[];
}

export interface FlowsSection {
  graded: false;
  flows: ReportFlow[];
}

export function flowsSection(bundle: EvidenceBundle): FlowsSection {
  return {
    graded: false,
    flows: (bundle.flows ?? []).map((f) => ({
      flow_id: f.flow_id, name: f.name, outcome: f.outcome, error: f.error,
      duration_ms: f.steps.reduce((n, s) => n + s.duration_ms, 0),
      steps: f.steps.map((s) => ({
        index: s.index, step_id: s.step_id, action: s.action, target: s.target, value: s.value, outcome: s.outcome, error: s.error,
        url: s.url_after, status: s.status, duration_ms: s.duration_ms, screenshot: s.screenshot,
        ...(s.outcome === 'failed' && s.candidates.length ? { candidates: s.candidates.slice(0, 5).map((c) => `${c.role ?? c.tag}${c.name ? ` "${c.name}"` : ''}`) } : {}),
      })),
    })),
  };
}

/** A healed step: the element moved or changed details but kept its role and name. Labelled, counted toward nothing. */
export function healedStepFindings(bundle: EvidenceBundle): Finding[] {
  return (bundle.flows ?? []).flatMap((f) =>
    f.steps.filter((s) => s.outcome === 'healed').map((s) => ({
      check_id: 'flows.step_healed',
      section: 'flows' as const,
      tier: 'advisory' as const,
      severity: 'info' as const,
      title: `Flow "${f.name}", step ${s.index + 1} was healed: ${s.action}${s.target ? ` "${s.target}"` : ''}`,
      impact: 'The pinned element moved or changed details but kept its role and name; the step used it. Confirm the flow again to pin the element as it is now.',
      docs: '/docs/flows#healed-steps',
      note: s.error ?? 'healed',
    })),
  );
}
