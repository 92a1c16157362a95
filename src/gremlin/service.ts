// Starting a chaos run and managing domain authorizations. A chaos run is a run of kind "gremlin":
// a persona walks the site for at most its tier's step cap (free 8, starter and trial 20, pro 40,
// team 60), seeded by the run; it is metered as several units (one per started 20 steps) and at most
// QA_GREMLIN_CONCURRENCY of a workspace's chaos runs are queued or running at once.
import { randomInt } from 'node:crypto';
import { createRun } from '../runs/create-run.js';
import { ServiceError } from '../service-error.js';
import type { RunStartDeps, WriteDeps } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { admitMeteredWork, recordMeterEvent } from '../billing/meter-events.js';
import { isPersona, PERSONAS } from './personas.js';

export const STEP_CAPS: Record<string, number> = { free: 8, agent_temp: 8, starter: 20, pro: 40, team: 60 };
export const MAX_DIRECTION = 500;
export const MAX_NOTE = 256;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function stepCapOf(ws: WorkspaceRow): number {
  return STEP_CAPS[ws.tier] ?? STEP_CAPS.free!;
}

/** Units a chaos run is metered as: one per started 20 steps of its cap. */
export function unitsOf(stepCap: number): number {
  return Math.max(1, Math.ceil(stepCap / 20));
}

export interface GremlinRequest {
  url: string;
  persona?: string | null;
  direction?: string | null;
  /** Replays an earlier run's walk (its report gives the seed); random when absent. */
  seed?: number | null;
}

export async function startChaosRun(rt: RunStartDeps, ws: WorkspaceRow, req: GremlinRequest) {
  if (!rt.config.gremlinEnabled) throw new ServiceError('gremlin_disabled', 'Chaos runs are switched off on this installation (QA_GREMLIN_ENABLED=false).');
  const persona = req.persona ?? 'confused_newbie';
  if (!isPersona(persona)) throw new ServiceError('invalid_persona', `persona must be one of ${PERSONAS.join(', ')}.`);
  if ((req.direction ?? '').length > MAX_DIRECTION) throw new ServiceError('invalid_payload', `direction is at most ${MAX_DIRECTION} characters.`);
  const active = await rt.store.runs.list({ workspace_id: ws.id, limit: 100 });
  if (active.filter((r) => r.kind === 'gremlin' && (r.status === 'queued' || r.status === 'running')).length >= rt.config.gremlinConcurrency) {
    throw new ServiceError('too_many_gremlin_runs', `At most ${rt.config.gremlinConcurrency} chaos runs of a workspace run at once; wait for one to end.`, { retryAfterSec: 30 });
  }
  const stepCap = stepCapOf(ws);
  const host = safeHost(req.url);
  const mutation = (await rt.store.gremlinDomains.list(ws.id)).filter((d) => d.allow_mutation).map((d) => d.host);
  const seed = req.seed ?? randomInt(1, 2 ** 31 - 1);
  const units = unitsOf(stepCap);
  // Metered as several units (service_run_pro), admitted under the hard cap and recorded with the run.
  const admission = await admitMeteredWork(rt, ws, units);
  let created: Awaited<ReturnType<typeof createRun>>;
  try {
    created = await createRun(rt, {
      kind: 'gremlin', url: req.url, source: 'chaos', workspaceId: ws.id, clientIp: null, trigger: 'chaos_run',
      options: { persona, seed, step_cap: stepCap, direction: req.direction ?? null, mutation_hosts: mutation, units },
      alongside: async (run, tx) => {
        await recordMeterEvent(rt, { workspaceId: ws.id, meter: 'service_run_pro', units, identifier: `chaos-run:${run.id}` }, tx);
      },
    });
  } catch (err) {
    await admission.release();
    throw err;
  }
  return {
    run_id: created.run.id, status: created.run.status, persona, mode: host && mutation.includes(host) ? 'mutation_allowed' : 'dry_run',
    step_cap: stepCap, seed, events_url: created.events_url, report_url: created.report_url, units,
  };
}

export async function authorizeDomain(rt: WriteDeps, ws: WorkspaceRow, input: { host: string; allow_mutation?: boolean; note?: string | null }) {
  const host = input.host.trim().toLowerCase().replace(/\.$/, '');
  if (!HOSTNAME.test(host)) throw new ServiceError('invalid_host', 'host must be a bare host name such as shop.example.com: no scheme, port, path or wildcard.');
  if ((input.note ?? '').length > MAX_NOTE) throw new ServiceError('invalid_payload', `note is at most ${MAX_NOTE} characters.`);
  const allow = input.allow_mutation ?? true;
  const saved = await rt.store.gremlinDomains.put(ws.id, { host, allow_mutation: allow, note: input.note ?? null }, rt.clock.now());
  const warning = allow
    ? `Chaos runs may now send real form posts and API writes to ${host}: use a staging host or test accounts. Payments are never executed, and delete, cancel, unsubscribe and logout stay dry runs.`
    : `Chaos runs on ${host} are dry runs again: every request that could change data is answered locally and recorded.`;
  return { host: saved.host, allow_mutation: saved.allow_mutation, note: saved.note, warning };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
