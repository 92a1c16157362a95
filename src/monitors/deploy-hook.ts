// POST /hooks/deploy/{monitor_id}: a deploy tells siteqa to check the site now. Every request writes
// exactly one delivery record — accepted, deduped or rejected with its reason — whatever happens.
// Order: the monitor, the bad-token flood guard, the token, the payload, the monitor's state, then
// the run (coalescing with a queued one).
import { randomUUID } from 'node:crypto';
import type { FlowRunDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { MonitorRow } from '../store/index.js';
import { enforceRateLimit } from '../usage/rate-limit.js';
import { requirePaidCapabilities } from '../billing/entitlements.js';
import { deployTokenMatches } from './deploy-token.js';
import { startMonitorRun, monitorPausedError, type MonitorRunStarted } from './start-run.js';

export const BAD_TOKENS_PER_MINUTE = 10;

let sequence = 0;
/** Sortable by arrival (wall time, then a per-process counter), so the log lists the newest first. */
function deliveryId(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(Date.now()).padStart(14, '0')}-${String(sequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
}
const FIELDS = ['sha', 'ref', 'env', 'url_override'] as const;
const MAX_FIELD = 2048;

export interface DeployPayload {
  sha: string | null;
  ref: string | null;
  env: string | null;
  url_override: string | null;
}

export interface DeployRequest {
  monitorId: string;
  token: string | undefined;
  body: unknown;
  ip: string | null;
}

export async function receiveDeploy(rt: FlowRunDeps, req: DeployRequest): Promise<{ run_ids: string[]; deduped: boolean; run: MonitorRunStarted }> {
  let payload: DeployPayload | null = null;
  const record = (status: 'accepted' | 'deduped' | 'rejected', http: number, reason: string | null, runId: string | null) =>
    rt.store.monitors.addDelivery({
      id: deliveryId(), monitor_id: req.monitorId.slice(0, 64), status, http_status: http, reason: reason?.slice(0, 500) ?? null, run_id: runId,
      requester_ip: req.ip, sha: payload?.sha?.slice(0, 200) ?? null, ref: payload?.ref?.slice(0, 200) ?? null, env: payload?.env?.slice(0, 100) ?? null,
      created_at: rt.clock.now().toISOString(),
    });
  try {
    const monitor = await rt.store.monitors.getById(req.monitorId);
    if (!monitor) throw new ServiceError('unknown_monitor', `No monitor ${req.monitorId}.`);
    if (!deployTokenMatches(monitor.deploy_token_hash, req.token)) {
      // Ten wrong tokens a minute from one address, and it is refused outright.
      if (req.ip) await enforceRateLimit(rt, `deploy-bad-token:${req.ip}`, BAD_TOKENS_PER_MINUTE, 60);
      throw new ServiceError('bad_token', `Send the monitor's deploy token in the ${'X-Service-Token'} header (shown once at creation; rotate it with POST /api/v1/monitors/{id}/webhook/rotate).`);
    }
    payload = parsePayload(req.body);
    const urlOverride = payload.url_override ? checkOverride(monitor, payload.url_override) : null;
    if (monitor.status === 'paused') throw monitorPausedError(monitor);
    const ws = await rt.store.workspaces.get(monitor.workspace_id);
    if (!ws) throw new ServiceError('unknown_monitor', `No monitor ${req.monitorId}.`);
    requirePaidCapabilities(ws, 'Monitors');
    if (monitor.flow_id) {
      const flow = await rt.store.flows.get(ws.id, monitor.flow_id);
      if (!flow || flow.status !== 'confirmed') throw new ServiceError('flow_not_confirmed', `The monitor's flow ${monitor.flow_id} is a draft (it was edited): confirm it again.`);
    }
    const run = await startMonitorRun(rt, ws, monitor, {
      trigger: 'deploy_hook', coalesceWith: 'queued', urlOverride,
      deploy: { sha: payload.sha, ref: payload.ref, env: payload.env },
    });
    await record(run.deduped ? 'deduped' : 'accepted', 202, run.deduped ? 'a queued run of this monitor absorbs this deploy' : null, run.run_id);
    return { run_ids: [run.run_id], deduped: run.deduped, run };
  } catch (err) {
    const code = err instanceof ServiceError ? err.code : 'internal_error';
    await record('rejected', statusOf(code), err instanceof ServiceError ? `${code}: ${err.hint}` : code, null).catch((e) => rt.log.error({ err: e }, 'delivery not recorded'));
    throw err;
  }
}

function parsePayload(body: unknown): DeployPayload {
  const empty: DeployPayload = { sha: null, ref: null, env: null, url_override: null };
  if (body === undefined || body === null || body === '') return empty;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ServiceError('invalid_payload', 'The body must be a JSON object {sha, ref, env, url_override} (each a string or null), or empty.');
  const out = { ...empty };
  for (const [k, v] of Object.entries(body)) {
    if (!(FIELDS as readonly string[]).includes(k)) throw new ServiceError('invalid_payload', `Unknown field "${k.slice(0, 40)}": the deploy-hook payload v1 has sha, ref, env and url_override (/api/v1/schemas/deploy-hook-v1.json).`);
    if (v !== null && (typeof v !== 'string' || v.length > MAX_FIELD)) throw new ServiceError('invalid_payload', `${k} must be a string of at most ${MAX_FIELD} characters, or null.`);
    out[k as keyof DeployPayload] = v as string | null;
  }
  return out;
}

/** url_override: plain monitors only, on the monitor's host or a subdomain of it (the guard checks it too). */
function checkOverride(monitor: MonitorRow, override: string): string {
  if (monitor.flow_id) throw new ServiceError('invalid_payload', 'url_override applies to plain monitors only; a flow monitor runs its flow.');
  let target: URL;
  try {
    target = new URL(override);
  } catch {
    throw new ServiceError('invalid_payload', 'url_override must be an absolute http(s) URL.');
  }
  const host = new URL(monitor.url).hostname.toLowerCase();
  const asked = target.hostname.toLowerCase();
  const sameSite = asked === host || asked.endsWith(`.${host}`);
  if (!/^https?:$/.test(target.protocol) || !sameSite) {
    throw new ServiceError('invalid_payload', `url_override must stay on ${host} or a subdomain of it; ${asked} is not.`);
  }
  return target.href;
}

const STATUS: Record<string, number> = {
  unknown_monitor: 404, bad_token: 401, rate_limited: 429, invalid_payload: 422, unsafe_url: 422, monitor_paused: 409, flow_not_confirmed: 409,
  quota_exceeded: 402, payment_required: 402, tier_required: 402,
};

function statusOf(code: string): number {
  return STATUS[code] ?? 500;
}
