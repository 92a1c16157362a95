// The flow driver: acts out each flow's steps in a page session kept open from the first step to
// the last (a fresh context per flow, like a new visitor), recording each step with a screenshot.
// A failed step ends its flow (the rest are skipped). The page where a flow ends is snapshotted
// like a crawled page, so errors met along the way (uncaught exceptions, 5xx, console errors)
// reach the checks of the section they belong to. No variable value survives into the evidence.
import { performStep, type StepContext } from '../../acting/perform.js';
import { scrubDeep, secretScrubber } from '../../acting/secrets.js';
import type { ActStep, Variables } from '../../acting/types.js';
import type { FlowEvidence, PageEvidence, StepEvidence } from '../../evidence/types.js';
import { snapshotPage } from '../page-recorder.js';
import { VIEWPORT } from '../run-context.js';
import { emptySite, type Driver } from './types.js';

export interface FlowToRun {
  flow_id: string | null;
  name: string;
  spec: { version: string; start_url: string; timeout_ms?: number; steps: ActStep[] };
  vars: Variables;
}

export interface FlowDriverInput {
  flows: FlowToRun[];
  /** Run axe on the page where each flow ends (on by default). */
  accessibility?: boolean;
}

/** Time a step needs to be worth starting. */
const MIN_STEP_TIME_MS = 1500;

export const flowDriver: Driver<FlowDriverInput> = async (session, input, hooks) => {
  const pages: PageEvidence[] = [];
  const flows: FlowEvidence[] = [];
  let deadlineHit = false;
  for (const [n, flow] of input.flows.entries()) {
    const scrub = secretScrubber(flow.vars);
    const context = n === 0 ? session.context : await session.newContext();
    const page = await session.openPage(context);
    const steps: StepEvidence[] = [];
    const ctx: StepContext = {
      index: 0, baseUrl: flow.spec.start_url, vars: flow.vars, scrub, secretFields: [],
      secretTexts: Object.values(flow.vars).filter((v) => v.length >= 3),
      keepImage: (jpeg, caption) => session.addImage(jpeg, { kind: 'screenshot', content_type: 'image/jpeg', width: VIEWPORT.width, height: VIEWPORT.height, caption: `${flow.name} · ${caption}` })?.id ?? null,
      defaultTimeoutMs: flow.spec.timeout_ms,
    };
    // A flow starts at its start URL unless its first step goes somewhere itself.
    const plan: ActStep[] = flow.spec.steps[0]?.action === 'goto' ? flow.spec.steps : [{ id: 'start', action: 'goto', url: flow.spec.start_url }, ...flow.spec.steps];
    let failed = false;
    try {
      for (const [i, step] of plan.entries()) {
        if (failed || session.left() < MIN_STEP_TIME_MS) {
          if (!failed) deadlineHit = true;
          steps.push(skipped(step, i, failed ? 'an earlier step failed' : 'the run deadline left no time for it'));
          continue;
        }
        const { evidence } = await performStep(page, step, { ...ctx, index: i });
        steps.push(evidence);
        hooks.onStep?.(evidence, flow.name);
        if (evidence.outcome === 'failed') failed = true;
      }
      const last = steps.filter((s) => s.outcome !== 'skipped').at(-1);
      if (last && (await page.responsive(2000))) {
        const snapshot = await snapshotPage(page, { url: last.url_after, depth: 0, region: 'start', found_on: null }, null, { accessibility: input.accessibility ?? true, budget: session.budget });
        if (snapshot.status !== null) {
          pages.push(scrubDeep(snapshot, scrub));
          hooks.onPage?.(pages.at(-1)!, pages.length - 1);
        }
      }
    } finally {
      await page.close();
    }
    flows.push({
      flow_id: flow.flow_id, name: flow.name, spec_version: flow.spec.version,
      outcome: failed ? 'failed' : steps.some((s) => s.outcome === 'skipped') ? 'error' : 'passed',
      error: null, steps,
    });
  }
  return { pages, site: emptySite(input.flows[0]?.spec.start_url ?? ''), consent: null, flows, deadlineHit };
};

function skipped(step: ActStep, index: number, why: string): StepEvidence {
  return {
    index, step_id: step.id, action: step.action, target: step.target ?? null, value: step.value ?? step.url ?? step.text ?? null,
    outcome: 'skipped', error: why, resolved: null, candidates: [], url_before: '', url_after: '', status: null,
    started_at: new Date().toISOString(), duration_ms: 0, requests: [], console: [], page_errors: [], screenshot: null,
  };
}
