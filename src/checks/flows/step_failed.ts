// flows.step_failed: a step of a flow did not do what the spec says (an expectation did not hold,
// a target could not be found or was no longer the pinned element). One finding per failed step.
import type { Check } from '../types.js';

export const check: Check = {
  meta: {
    id: 'flows.step_failed',
    section: 'flows',
    severity: 'critical',
    title: 'A flow step failed',
    impact: 'A journey your team wrote down as one that must work did not work: visitors taking it meet the same failure.',
    docs: '/docs/checks/flows.step_failed',
    requires: ['flows'],
  },
  run(bundle) {
    return (bundle.flows ?? []).flatMap((flow) =>
      flow.steps
        .filter((s) => s.outcome === 'failed')
        .map((s) => ({
          page: s.url_after || s.url_before || undefined,
          title: `Flow "${flow.name}" failed at step ${s.index + 1}: ${s.action}${s.target ? ` "${s.target}"` : ''}`,
          evidence: {
            flow: flow.name, flow_id: flow.flow_id, step: s.index + 1, step_id: s.step_id, action: s.action, target: s.target,
            error: s.error, url: s.url_after, screenshot: s.screenshot,
            candidates: s.candidates.slice(0, 5).map((c) => `${c.role ?? c.tag}${c.name ? ` "${c.name}"` : ''}`),
          },
        })),
    );
  },
};
