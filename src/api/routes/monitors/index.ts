// /monitors: a URL (or a confirmed flow) checked on a cadence, on demand and on every deploy.
// Bearer-authenticated, workspace-scoped, paid tiers only; the deploy token is shown once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { createMonitor, deleteMonitor, getMonitor, hookOf, monitorDetail, patchMonitor, rotateDeployToken, summary } from '../../../monitors/service.js';
import { deploySnippets } from '../../../monitors/snippets.js';
import { startMonitorRun } from '../../../monitors/start-run.js';
import type { Runtime } from '../../../runtime.js';
import type { WorkspaceRow } from '../../../store/index.js';
import { enforceRateLimit } from '../../../usage/rate-limit.js';
import { paidWorkspace } from '../../keyed-workspace.js';
import { usageBody, workspaceUsage } from '../../../usage/usage.js';
import { errorResponses } from '../../schemas.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });
const MonitorIdParams = Type.Object({ monitor_id: Type.String({ minLength: 1, maxLength: 64 }) });
const Obj = Type.Record(Type.String(), Type.Unknown());
const CreateMonitor = Type.Object({
  url: Type.String({ format: 'uri', maxLength: 2048 }),
  cadence: Type.Optional(Type.String({ maxLength: 16 })),
  flow_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
}, { additionalProperties: false });
const PatchMonitor = Type.Object({ status: Type.Optional(Type.String({ maxLength: 16 })), cadence: Type.Optional(Type.String({ maxLength: 16 })) }, { additionalProperties: false });

/** Run-now: at most one per minute per monitor. */
export const RUN_NOW_PER_MINUTE = 1;


export default async function monitorRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  const auth = { auth: 'required' as const };
  const id = (req: FastifyRequest) => (req.params as { monitor_id: string }).monitor_id;
  const usage = async (ws: WorkspaceRow) => usageBody(await workspaceUsage(rt, ws));

  app.post('/monitors', {
    config: { ...auth, idempotent: 'sealed' }, // the response holds the deploy token
    schema: { tags: ['monitors'], summary: 'Create a monitor: its first run starts now; the deploy-hook secret is returned once', headers: IdempotencyHeader, body: CreateMonitor, response: { 201: Obj, ...errorResponses(401, 402, 404, 409, 422) } },
    handler: async (req, reply) => {
      const ws = paidWorkspace(req, 'Monitors');
      const created = await createMonitor(rt, ws, req.body as never);
      return reply.code(201).send({ ...created, usage: await usage(ws) });
    },
  });

  app.get('/monitors', {
    config: auth,
    schema: { tags: ['monitors'], summary: "The workspace's monitors", response: { 200: Obj, ...errorResponses(401, 402) } },
    handler: async (req) => {
      const ws = paidWorkspace(req, 'Monitors');
      return { monitors: (await rt.store.monitors.list(ws.id)).map(summary), usage: await usage(ws) };
    },
  });

  app.get('/monitors/:monitor_id', {
    config: auth,
    schema: { tags: ['monitors'], summary: 'A monitor with its last 10 runs and its deploy hook (never the secret)', params: MonitorIdParams, response: { 200: Obj, ...errorResponses(401, 402, 404) } },
    handler: async (req) => monitorDetail(rt, paidWorkspace(req, 'Monitors'), id(req)),
  });

  app.patch('/monitors/:monitor_id', {
    config: { ...auth, idempotent: true },
    schema: { tags: ['monitors'], summary: 'Pause, resume (runs within a minute) or change the cadence', params: MonitorIdParams, headers: IdempotencyHeader, body: PatchMonitor, response: { 200: Obj, ...errorResponses(401, 402, 404, 422) } },
    handler: async (req) => patchMonitor(rt, paidWorkspace(req, 'Monitors'), id(req), req.body as never),
  });

  app.delete('/monitors/:monitor_id', {
    config: auth,
    schema: { tags: ['monitors'], summary: 'Delete a monitor (its runs and alerts stay)', params: MonitorIdParams, response: { 204: Type.Null(), ...errorResponses(401, 402, 404) } },
    handler: async (req, reply) => {
      await deleteMonitor(rt, paidWorkspace(req, 'Monitors'), id(req));
      return reply.code(204).send();
    },
  });

  app.post('/monitors/:monitor_id/run', {
    config: { ...auth, idempotent: true },
    schema: { tags: ['monitors'], summary: 'Run now (1 per 60 s; a queued or running run is returned with deduped: true)', params: MonitorIdParams, headers: IdempotencyHeader, response: { 202: Obj, ...errorResponses(401, 402, 404, 409, 429) } },
    handler: async (req, reply) => {
      const ws = paidWorkspace(req, 'Monitors');
      const monitor = await getMonitor(rt, ws, id(req));
      const active = await rt.store.monitors.activeRun(monitor.id);
      if (!active) await enforceRateLimit(rt, `monitor-run-now:${monitor.id}`, RUN_NOW_PER_MINUTE, 60);
      const started = await startMonitorRun(rt, ws, monitor, { trigger: 'monitor_run_now', coalesceWith: 'queued_or_running' });
      return reply.code(202).send({ ...started, usage: await usage(ws) });
    },
  });

  app.get('/monitors/:monitor_id/deliveries', {
    config: auth,
    schema: { tags: ['monitors'], summary: 'The last 50 deploy-hook deliveries, and snippets to paste into a pipeline', params: MonitorIdParams, response: { 200: Obj, ...errorResponses(401, 402, 404) } },
    handler: async (req) => {
      const monitor = await getMonitor(rt, paidWorkspace(req, 'Monitors'), id(req));
      const deliveries = await rt.store.monitors.deliveries(monitor.id, 50);
      return {
        deliveries: deliveries.map((d) => ({ status: d.status, http_status: Number(d.http_status), reason: d.reason, created_at: d.created_at, run_id: d.run_id, requester_ip: d.requester_ip, sha: d.sha, ref: d.ref, env: d.env })),
        never_fired: deliveries.length === 0,
        snippets: deploySnippets(hookOf(rt, monitor).url),
      };
    },
  });

  app.post('/monitors/:monitor_id/webhook/rotate', {
    config: { ...auth, idempotent: 'sealed' },
    schema: { tags: ['monitors'], summary: 'Rotate the deploy-hook secret (the old one stops working at once)', params: MonitorIdParams, headers: IdempotencyHeader, response: { 200: Obj, ...errorResponses(401, 402, 404) } },
    handler: async (req) => rotateDeployToken(rt, paidWorkspace(req, 'Monitors'), id(req)),
  });
}
