// The monitor resource: create (first run at once, the deploy token shown once), list, read (the
// last 10 runs and the deploy hook, never its token), pause/resume and cadence, delete (runs and
// alerts stay, unlinked), rotate the deploy token. Paid capabilities: a free workspace gets 402.
import { randomUUID } from 'node:crypto';
import { checkUrl } from '../guard/url.js';
import { reportUrlFor } from '../links.js';
import type { Runtime, FlowRunDeps, ReadDeps, WriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { MonitorRow, WorkspaceRow } from '../store/index.js';
import { DEPLOY_HEADER, mintDeployToken } from './deploy-token.js';
import { isCadence, nextSlot, type Cadence } from './schedule.js';
import { startMonitorRun, type MonitorRunStarted } from './start-run.js';

export const RECENT_RUNS = 10;

export interface CreateMonitorInput {
  url: string;
  cadence?: string;
  flow_id?: string | null;
}

export async function createMonitor(rt: FlowRunDeps, ws: WorkspaceRow, input: CreateMonitorInput) {
  const cadence = input.cadence ?? 'daily';
  if (!isCadence(cadence)) throw new ServiceError('invalid_cadence', 'cadence must be daily or hourly.');
  const verdict = await checkUrl(input.url, rt.guard);
  if (!verdict.ok) throw new ServiceError('unsafe_url', verdict.reason);
  if (input.flow_id) {
    const flow = await rt.store.flows.get(ws.id, input.flow_id);
    if (!flow) throw new ServiceError('not_found', `No flow ${input.flow_id} in this workspace.`);
    if (flow.status !== 'confirmed') throw new ServiceError('flow_not_confirmed', `Flow ${flow.id} is a draft: confirm it before a monitor can run it.`);
  }
  const now = rt.clock.now();
  const id = randomUUID();
  const { token, hash } = mintDeployToken();
  const monitor = await rt.store.monitors.create({
    id, workspace_id: ws.id, url: verdict.url.href, cadence, status: 'active', flow_id: input.flow_id ?? null, deploy_token_hash: hash,
    next_run_at: nextSlot(id, cadence, now).toISOString(), last_run_at: null, last_run_id: null, last_run_status: null,
    consecutive_failures: 0, paused_reason: null, created_at: now.toISOString(), updated_at: now.toISOString(),
  });
  // The first run is immediate. If it cannot start (quota), the monitor still exists and says why.
  let first: MonitorRunStarted | null = null;
  let firstRunError: string | null = null;
  try {
    first = await startMonitorRun(rt, ws, monitor, { trigger: 'monitor_schedule', coalesceWith: 'queued' });
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    firstRunError = `${err.code}: ${err.hint}`;
  }
  const fresh = (await rt.store.monitors.get(ws.id, id)) ?? monitor;
  return { ...summary(fresh), first_run: first, first_run_error: firstRunError, deploy_hook: { ...hookOf(rt, fresh), secret: token } };
}

export async function getMonitor(rt: ReadDeps, ws: WorkspaceRow, id: string): Promise<MonitorRow> {
  const m = await rt.store.monitors.get(ws.id, id);
  if (!m) throw new ServiceError('not_found', `No monitor ${id} in this workspace.`);
  return m;
}

export async function monitorDetail(rt: Pick<Runtime, 'config' | 'store'>, ws: WorkspaceRow, id: string) {
  const m = await getMonitor(rt, ws, id);
  const runs = await rt.store.monitors.recentRuns(m.id, RECENT_RUNS);
  const deliveries = await rt.store.monitors.deliveries(m.id, 1);
  return {
    ...summary(m),
    recent_runs: runs.map((r) => ({ run_id: r.id, status: r.status, trigger: r.trigger, created_at: r.created_at, finished_at: r.finished_at, report_url: reportUrlFor(r.share_token) })),
    deploy_hook: { ...hookOf(rt, m), never_fired: deliveries.length === 0 },
  };
}

export async function patchMonitor(rt: WriteDeps & Pick<Runtime, 'config'>, ws: WorkspaceRow, id: string, patch: { status?: string; cadence?: string }) {
  const m = await getMonitor(rt, ws, id);
  if (patch.status !== undefined && patch.status !== 'active' && patch.status !== 'paused') throw new ServiceError('invalid_status', 'status must be active or paused.');
  if (patch.cadence !== undefined && !isCadence(patch.cadence)) throw new ServiceError('invalid_cadence', 'cadence must be daily or hourly.');
  const now = rt.clock.now();
  const cadence = (patch.cadence ?? m.cadence) as Cadence;
  const set: Partial<MonitorRow> = { cadence };
  if (patch.cadence && patch.cadence !== m.cadence) set.next_run_at = nextSlot(m.id, cadence, now).toISOString();
  if (patch.status === 'paused' && m.status !== 'paused') Object.assign(set, { status: 'paused', paused_reason: null });
  // Resuming: due now (the scheduler picks it up within a tick), failures forgiven.
  if (patch.status === 'active' && m.status !== 'active') Object.assign(set, { status: 'active', paused_reason: null, next_run_at: now.toISOString(), consecutive_failures: 0 });
  await rt.store.monitors.update(m.id, set, now);
  return monitorDetail(rt, ws, id);
}

export async function deleteMonitor(rt: ReadDeps, ws: WorkspaceRow, id: string): Promise<void> {
  if (!(await rt.store.monitors.delete(ws.id, id))) throw new ServiceError('not_found', `No monitor ${id} in this workspace.`);
}

export async function rotateDeployToken(rt: WriteDeps, ws: WorkspaceRow, id: string) {
  const m = await getMonitor(rt, ws, id);
  const { token, hash } = mintDeployToken();
  await rt.store.monitors.update(m.id, { deploy_token_hash: hash }, rt.clock.now());
  return { monitor_id: m.id, webhook_secret: token, header: DEPLOY_HEADER };
}

export function summary(m: MonitorRow) {
  return {
    id: m.id, url: m.url, cadence: m.cadence, status: m.status, flow_id: m.flow_id, last_run_at: m.last_run_at, last_run_status: m.last_run_status,
    next_run_at: m.next_run_at, consecutive_failures: Number(m.consecutive_failures), paused_reason: m.paused_reason, created_at: m.created_at,
  };
}

export function hookOf(rt: Pick<Runtime, 'config'>, m: Pick<MonitorRow, 'id'>) {
  return { url: `${rt.config.publicBaseUrl}/api/v1/hooks/deploy/${m.id}`, header: DEPLOY_HEADER };
}
