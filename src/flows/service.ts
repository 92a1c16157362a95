// The flow lifecycle: create (draft), edit (back to draft), confirm, delete; the response view
// shows the spec, its variables and the NAMES of stored credentials, never their values.
import { randomUUID } from 'node:crypto';
import type { Runtime, LoggedWriteDeps, ReadDeps, WriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { FlowRow, WorkspaceRow } from '../store/index.js';
import { draftSpec, type DraftInput } from './draft.js';
import { reviewHint } from './review-hint.js';
import type { FlowSpec } from './spec.js';

export interface FlowInput extends DraftInput {
  name?: string | null;
}

export async function createFlow(rt: LoggedWriteDeps & Pick<Runtime, 'config' | 'guard'>, ws: WorkspaceRow, input: FlowInput) {
  const draft = await draftSpec(rt, ws, input);
  const id = randomUUID();
  const name = input.name?.trim() || defaultName(draft.spec, id);
  const flow = await rt.store.flows.create({
    id, workspace_id: ws.id, name, status: 'draft', url: draft.spec.start_url, test_case: input.test_case ?? null,
    spec: draft.spec as unknown as Record<string, unknown>, diagnostics: draft.diagnostics, now: rt.clock.now(),
  });
  if (!flow) throw new ServiceError('name_taken', `This workspace already has a flow named ${JSON.stringify(name)}.`);
  return flowView(flow, []);
}

/** PUT: a new spec or test case (and optionally name and URL); the flow returns to draft. */
export async function updateFlow(rt: LoggedWriteDeps & Pick<Runtime, 'config' | 'guard'>, ws: WorkspaceRow, id: string, input: Partial<FlowInput>) {
  const flow = await getFlow(rt, ws, id);
  const url = input.url ?? flow.url;
  const draft = input.test_case != null || input.spec != null
    ? await draftSpec(rt, ws, { url, test_case: input.test_case, spec: input.spec })
    : await draftSpec(rt, ws, { url, spec: { ...flow.spec, start_url: url } });
  const updated = await rt.store.flows.update(ws.id, id, {
    name: input.name?.trim() || flow.name, status: 'draft', url: draft.spec.start_url,
    test_case: input.test_case !== undefined ? input.test_case : flow.test_case,
    spec: draft.spec as unknown as Record<string, unknown>, diagnostics: draft.diagnostics, confirmed_at: null,
  }, rt.clock.now());
  if (updated === 'name_taken') throw new ServiceError('name_taken', `This workspace already has a flow named ${JSON.stringify(input.name)}.`);
  if (!updated) throw notFound(id);
  return flowView(updated, await rt.store.flows.credentialNames(id));
}

export async function confirmFlow(rt: WriteDeps, ws: WorkspaceRow, id: string) {
  const flow = await getFlow(rt, ws, id);
  const now = rt.clock.now();
  const updated = flow.status === 'confirmed' ? flow : await rt.store.flows.update(ws.id, id, { status: 'confirmed', confirmed_at: now.toISOString() }, now);
  if (!updated || updated === 'name_taken') throw notFound(id);
  return flowView(updated, await rt.store.flows.credentialNames(id));
}

export async function deleteFlow(rt: ReadDeps, ws: WorkspaceRow, id: string, inUse: (flowId: string) => Promise<boolean> = async () => false): Promise<void> {
  await getFlow(rt, ws, id);
  if (await inUse(id)) throw new ServiceError('flow_in_use', 'A monitor runs this flow; delete or change the monitor first. Past runs keep their spec snapshots.');
  await rt.store.flows.delete(ws.id, id);
}

export async function getFlow(rt: ReadDeps, ws: WorkspaceRow, id: string): Promise<FlowRow> {
  const flow = await rt.store.flows.get(ws.id, id);
  if (!flow) throw notFound(id);
  return flow;
}

export async function flowDetail(rt: ReadDeps, ws: WorkspaceRow, id: string) {
  const flow = await getFlow(rt, ws, id);
  return flowView(flow, await rt.store.flows.credentialNames(id));
}

export function flowView(flow: FlowRow, credentialNames: string[]) {
  const spec = flow.spec as unknown as FlowSpec;
  return {
    flow_id: flow.id, name: flow.name, status: flow.status, url: flow.url, test_case: flow.test_case, spec,
    variables: spec.variables ?? [], credentials: credentialNames,
    missing_credentials: (spec.variables ?? []).filter((v) => !credentialNames.includes(v)),
    diagnostics: flow.diagnostics,
    review_hint: flow.status === 'draft' ? reviewHint(spec, flow.diagnostics as never, credentialNames) : null,
    created_at: flow.created_at, updated_at: flow.updated_at, confirmed_at: flow.confirmed_at,
  };
}

export function flowSummary(flow: FlowRow) {
  const spec = flow.spec as unknown as FlowSpec;
  return { flow_id: flow.id, name: flow.name, status: flow.status, url: flow.url, steps: spec.steps?.length ?? 0, updated_at: flow.updated_at };
}

function defaultName(spec: FlowSpec, id: string): string {
  const path = (() => {
    try {
      return new URL(spec.start_url).host;
    } catch {
      return 'flow';
    }
  })();
  return `${path} flow ${id.slice(0, 8)}`;
}

export function notFound(id: string): ServiceError {
  return new ServiceError('not_found', `No flow ${id} in this workspace.`);
}
