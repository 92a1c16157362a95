// Shared by the workspace, usage and subscription suites: JSON calls with an optional bearer key,
// workspace creation (paid tiers through the operator's grant), and a movable clock.
import type { Clock, Runtime } from '../../src/runtime.js';
import { setTier } from '../../src/workspaces/service.js';

export interface Reply {
  status: number;
  headers: Headers;
  json: any;
}

export async function call(base: string, method: string, path: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

export async function newWorkspace(base: string, body: Record<string, unknown> = {}): Promise<{ key: string; id: string; json: any }> {
  const r = await call(base, 'POST', '/workspaces', { body: { owner_email: 'owner@site.example', ...body } });
  if (r.status !== 201) throw new Error(`workspace creation answered ${r.status}: ${JSON.stringify(r.json)}`);
  return { key: r.json.api_token, id: r.json.workspace_id, json: r.json };
}

/**
 * A workspace with a paid tier without the payment provider: created over HTTP (free), then granted
 * `tier` with the service function behind `siteqa admin workspace set-tier`. Paid means a card:
 * POST /workspaces alone only requests a paid tier.
 */
export async function grantedWorkspace(svc: { base: string; rt: Runtime }, tier: string, body: Record<string, unknown> = {}): Promise<{ key: string; id: string; json: any }> {
  const ws = await newWorkspace(svc.base, body);
  if (!(await setTier(svc.rt, ws.id, tier))) throw new Error(`could not grant ${tier}`);
  const json = (await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json;
  return { key: ws.key, id: ws.id, json };
}

export class MovableClock implements Clock {
  constructor(private t: Date) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}

/** A public address that is never contacted (no worker runs in these suites). */
export const PUBLIC_IP = '93.184.215.14';
export const publicLookup = async (host: string) => (host.endsWith('.example') ? [PUBLIC_IP] : host.endsWith('.internal') ? ['10.0.0.7'] : []);
