// Running a confirmed flow: a run of kind "flow" that pins a snapshot of the spec it runs, with
// per-run credentials sealed beside it (used once, never stored with the run). Replays call no
// model and meter nothing; a workspace already past its hard cap cannot start one.
import { createRun, type CreatedRun } from '../runs/create-run.js';
import type { DriverFactory } from '../runs/drivers.js';
import { flowDriver, type FlowDriverInput } from '../capture/drivers/flow.js';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { RunRow, StoreTx, WorkspaceRow } from '../store/index.js';
import type { StepEvidence } from '../evidence/types.js';
import { checkCredentials, sealRunCredentials, variablesForRun } from './credentials.js';
import { getFlow } from './service.js';
import { refuseAtHardCap } from '../usage/meter.js';
import type { FlowSpec } from './spec.js';

export interface FlowRunOptions {
  credentials?: Record<string, unknown>;
  trigger?: 'flow_run' | 'monitor_schedule' | 'monitor_run_now' | 'deploy_hook';
  monitorId?: string | null;
  /** More writes in the run's transaction (a monitor's coalescing and slot claim). */
  alongside?: (run: RunRow, tx: StoreTx) => Promise<void>;
  /** Recorded on the run beside the spec snapshot (a deploy's sha, ref, env). */
  extraOptions?: Record<string, unknown>;
}

export async function startFlowRun(rt: Runtime, ws: WorkspaceRow, flowId: string, opts: FlowRunOptions = {}): Promise<CreatedRun> {
  const flow = await getFlow(rt, ws, flowId);
  if (flow.status !== 'confirmed') throw new ServiceError('flow_not_confirmed', `Flow ${flowId} is a draft: review it, then POST /api/v1/flows/${flowId}/confirm.`);
  const perRun = opts.credentials ? (checkCredentials(opts.credentials, false) as Record<string, string>) : {};
  const spec = flow.spec as unknown as FlowSpec;
  const known = new Set([...(await rt.store.flows.credentialNames(flowId)), ...Object.keys(perRun)]);
  const missing = (spec.variables ?? []).filter((v) => !known.has(v));
  if (missing.length) {
    throw new ServiceError('invalid_payload', `No value for ${missing.map((m) => `{{${m}}}`).join(', ')}: store it with PUT /api/v1/flows/${flowId}/credentials or send it with this run as {"credentials": {"${missing[0]}": "…"}}.`);
  }
  const sealed = Object.keys(perRun).length ? sealRunCredentials(rt, perRun) : null;
  return createRun(rt, {
    kind: 'flow', url: spec.start_url, source: null, workspaceId: ws.id, clientIp: null, trigger: opts.trigger ?? 'flow_run', monitorId: opts.monitorId,
    options: { ...opts.extraOptions, flow_id: flow.id, flow_name: flow.name, spec },
    admission: admitReplay(ws),
    alongside: async (run, tx) => {
      if (sealed) await rt.store.flows.putRunCredentials(run.id, sealed, rt.clock.now(), tx);
      await opts.alongside?.(run, tx);
    },
  });
}

/** A replay meters nothing, but a workspace stopped at its hard cap starts nothing. */
function admitReplay(ws: WorkspaceRow) {
  return (rt: Runtime) => refuseAtHardCap(rt, ws);
}

/** The flow driver's input for a run of kind "flow": the pinned spec snapshot and the variables. */
export const flowRunDriver: DriverFactory = async (run, ctx) => {
  if (!ctx.store || !ctx.secrets) throw new Error('flow runs need the database (they cannot run from the command line)');
  const flowId = typeof run.options.flow_id === 'string' ? run.options.flow_id : null;
  const vars = await variablesForRun(ctx.store, ctx.secrets, run.id, flowId);
  const input: FlowDriverInput = {
    flows: [{ flow_id: flowId, name: String(run.options.flow_name ?? 'flow'), spec: run.options.spec as FlowSpec, vars }],
  };
  return { driver: flowDriver, input };
};

/**
 * After a flow run: each step that passed for the first time pins the element it touched, so
 * replays check they touch the same one. Only when the flow still has the spec the run used.
 */
export async function pinTargets(rt: Runtime, run: RunRow, steps: StepEvidence[]): Promise<void> {
  const flowId = run.options.flow_id;
  if (typeof flowId !== 'string' || !run.workspace_id) return;
  const flow = await rt.store.flows.get(run.workspace_id, flowId);
  if (!flow) return;
  const ran = run.options.spec as FlowSpec;
  const current = flow.spec as unknown as FlowSpec;
  if (JSON.stringify(unpinned(ran)) !== JSON.stringify(unpinned(current))) return;
  const pinnedAt = rt.clock.now().toISOString();
  let changed = false;
  const next = current.steps.map((step) => {
    const seen = steps.find((s) => s.step_id === step.id);
    if (step.pinned || !seen || seen.outcome !== 'passed' || !seen.resolved) return step;
    changed = true;
    return { ...step, pinned: { ...seen.resolved, pinned_at: pinnedAt } };
  });
  if (changed) await rt.store.flows.update(run.workspace_id, flowId, { spec: { ...current, steps: next } as unknown as Record<string, unknown> }, rt.clock.now());
}

function unpinned(spec: FlowSpec) {
  return { ...spec, steps: spec.steps.map(({ pinned: _p, ...s }) => s) };
}
