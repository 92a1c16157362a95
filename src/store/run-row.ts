// The run as the rest of the service sees it, and its conversion from the stored row.
import type { Selectable } from 'kysely';
import { fromJsonObject } from './codec.js';
import type { RunsTable } from './schema.js';

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'blocked' | 'timeout';
export type TerminalRunStatus = Exclude<RunStatus, 'queued' | 'running'>;
export const TERMINAL_STATUSES: readonly TerminalRunStatus[] = ['succeeded', 'failed', 'blocked', 'timeout'];

export interface RunRow {
  id: string;
  kind: string;
  url: string;
  status: RunStatus;
  failure_reason: string | null;
  source: string | null;
  workspace_id: string | null;
  monitor_id: string | null;
  share_token: string;
  client_ip: string | null;
  options: Record<string, unknown>;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** What started it (api, cli, recheck, monitor_schedule, monitor_run_now, deploy_hook, flow_run…); null before it was recorded. */
  trigger: string | null;
}

export interface CreateRunInput {
  id: string;
  kind?: string;
  url: string;
  source: string | null;
  workspace_id: string | null;
  monitor_id?: string | null;
  share_token: string;
  client_ip: string | null;
  options?: Record<string, unknown>;
  trigger?: string | null;
  now: Date;
}

export function toRunRow(r: Selectable<RunsTable>): RunRow {
  return {
    id: r.id,
    kind: r.kind,
    url: r.url,
    status: r.status as RunStatus,
    failure_reason: r.failure_reason,
    source: r.source,
    workspace_id: r.workspace_id,
    monitor_id: r.monitor_id,
    share_token: r.share_token,
    client_ip: r.client_ip,
    options: fromJsonObject(r.options),
    attempts: Number(r.attempts),
    created_at: r.created_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
    lease_owner: r.lease_owner,
    lease_expires_at: r.lease_expires_at,
    trigger: r.trigger ?? null,
  };
}
