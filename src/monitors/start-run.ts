// Starting a monitor's run, whatever asked (its schedule, run-now, a deploy hook): a plain monitor
// audits its URL (or a deploy's url_override), a flow monitor replays its confirmed flow. Runs of
// one monitor coalesce: while one is queued (or, for run-now, running) the request gets that run
// instead (`deduped`), decided under a per-monitor lock so a burst makes exactly one run.
import { createRun, type CreatedRun } from '../runs/create-run.js';
import { startFlowRun } from '../flows/run-flow.js';
import { eventsUrlFor, reportUrlFor } from '../links.js';
import type { FlowRunDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { MonitorRow, RunRow, StoreTx, WorkspaceRow } from '../store/index.js';
import { meteredCall } from '../usage/meter.js';

export type MonitorTrigger = 'monitor_schedule' | 'monitor_run_now' | 'deploy_hook';

export interface MonitorRunRequest {
  trigger: MonitorTrigger;
  deploy?: { sha: string | null; ref: string | null; env: string | null };
  urlOverride?: string | null;
  /** Which existing runs absorb this request: queued ones only (deploys), or running ones too (run-now). */
  coalesceWith: 'queued' | 'queued_or_running';
  /** More writes in the run's transaction (the scheduler's slot claim). */
  alongside?: (run: RunRow, tx: StoreTx) => Promise<void>;
}

export interface MonitorRunStarted {
  run_id: string;
  status: string;
  deduped: boolean;
  events_url: string;
  report_url: string;
}

class Coalesced extends Error {
  constructor(readonly run: { id: string; status: string; share_token: string }) {
    super('coalesced');
  }
}

export async function startMonitorRun(rt: FlowRunDeps, ws: WorkspaceRow, monitor: MonitorRow, req: MonitorRunRequest): Promise<MonitorRunStarted> {
  // Billing paused (a payment failed): the workspace's monitors stop, whoever asks.
  if (ws.monitor_paused_at) {
    throw new ServiceError('payment_required', `Monitors of this workspace are paused since ${ws.monitor_paused_at}: a payment failed. Fix it in the customer portal (POST /api/v1/billing/portal); monitors resume when the provider reports the payment.`);
  }
  const existing = await rt.store.monitors.activeRun(monitor.id);
  if (existing && absorbs(existing.status, req.coalesceWith)) return deduped(existing);
  // Under the monitor's lock, in the run's own transaction: one of N concurrent requests creates.
  const coalesce = async (run: RunRow, tx: StoreTx) => {
    await rt.store.monitors.lock(monitor.id, tx);
    const other = await rt.store.monitors.activeRun(monitor.id, run.id, tx);
    if (other && absorbs(other.status, req.coalesceWith)) throw new Coalesced(other);
    await req.alongside?.(run, tx);
  };
  try {
    // A plain monitor's audit is a metered call; a flow monitor's replay meters nothing (flows' rule).
    const go = () => create(rt, ws, monitor, req, coalesce);
    const created = monitor.flow_id ? await go() : await meteredCall(rt, ws, go);
    return { run_id: created.run.id, status: created.run.status, deduped: false, events_url: created.events_url, report_url: created.report_url };
  } catch (err) {
    if (err instanceof Coalesced) return deduped(err.run);
    throw err;
  }
}

function create(rt: FlowRunDeps, ws: WorkspaceRow, monitor: MonitorRow, req: MonitorRunRequest, alongside: (run: RunRow, tx: StoreTx) => Promise<void>): Promise<CreatedRun> {
  const deploy = req.deploy ? { deploy: req.deploy } : {};
  if (monitor.flow_id) return startFlowRun(rt, ws, monitor.flow_id, { trigger: req.trigger, monitorId: monitor.id, alongside, extraOptions: deploy });
  return createRun(rt, {
    kind: 'audit', url: req.urlOverride ?? monitor.url, source: 'monitor', workspaceId: ws.id, clientIp: null,
    trigger: req.trigger, monitorId: monitor.id, options: deploy, alongside,
  });
}

function absorbs(status: string, mode: MonitorRunRequest['coalesceWith']): boolean {
  return status === 'queued' || (mode === 'queued_or_running' && status === 'running');
}

function deduped(run: { id: string; status: string; share_token: string }): MonitorRunStarted {
  return { run_id: run.id, status: run.status, deduped: true, events_url: eventsUrlFor(run.id), report_url: reportUrlFor(run.share_token) };
}

export function monitorPausedError(monitor: MonitorRow): ServiceError {
  return new ServiceError('monitor_paused', `Monitor ${monitor.id} is paused${monitor.paused_reason ? ` (${monitor.paused_reason.replace(/_/g, ' ')})` : ''}: resume it with PATCH /api/v1/monitors/${monitor.id} {"status": "active"}.`);
}
