// /flows: write a test case in plain words (or a spec), review the draft, confirm it, store its
// credentials once, run it. Bearer-authenticated, workspace-scoped, paid tiers only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { storeCredentials } from '../../../flows/credentials.js';
import { startFlowRun } from '../../../flows/run-flow.js';
import { confirmFlow, createFlow, deleteFlow, flowDetail, flowSummary, updateFlow } from '../../../flows/service.js';
import type { Runtime } from '../../../runtime.js';
import type { WorkspaceRow } from '../../../store/index.js';
import { usageBody, workspaceUsage } from '../../../usage/usage.js';
import { paidWorkspace } from '../../keyed-workspace.js';
import { errorResponses } from '../../schemas.js';
import { CreateFlow, Flow, FlowIdParams, FlowRunCreated, FlowSummary, PutCredentials, RunFlow, UpdateFlow } from './schemas.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });


export default async function flowRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  const auth = { auth: 'required' as const };
  const id = (req: FastifyRequest) => (req.params as { flow_id: string }).flow_id;

  app.post('/flows', {
    config: { ...auth, idempotent: true },
    schema: { tags: ['flows'], summary: 'Compile a plain-language test case (or validate a spec) into a draft flow', headers: IdempotencyHeader, body: CreateFlow, response: { 201: Flow, ...errorResponses(401, 402, 409, 422) } },
    handler: async (req, reply) => reply.code(201).send(await createFlow(rt, paidWorkspace(req, 'Flows'), req.body as never)),
  });

  app.get('/flows', {
    config: auth,
    schema: { tags: ['flows'], summary: "The workspace's flows", response: { 200: Type.Object({ flows: Type.Array(FlowSummary) }), ...errorResponses(401, 402) } },
    handler: async (req) => ({ flows: (await rt.store.flows.list(paidWorkspace(req, 'Flows').id)).map(flowSummary) }),
  });

  app.get('/flows/:flow_id', {
    config: auth,
    schema: { tags: ['flows'], summary: 'A flow: its spec, variables and the names of stored credentials', params: FlowIdParams, response: { 200: Flow, ...errorResponses(401, 402, 404) } },
    handler: async (req) => flowDetail(rt, paidWorkspace(req, 'Flows'), id(req)),
  });

  app.put('/flows/:flow_id', {
    config: auth,
    schema: { tags: ['flows'], summary: 'Edit a flow (a new spec or test case); it returns to draft', params: FlowIdParams, body: UpdateFlow, response: { 200: Flow, ...errorResponses(401, 402, 404, 409, 422) } },
    handler: async (req) => updateFlow(rt, paidWorkspace(req, 'Flows'), id(req), req.body as never),
  });

  app.delete('/flows/:flow_id', {
    config: auth,
    schema: { tags: ['flows'], summary: 'Delete a flow (past runs keep their spec snapshots)', params: FlowIdParams, response: { 204: Type.Null(), ...errorResponses(401, 402, 404, 409) } },
    handler: async (req, reply) => {
      await deleteFlow(rt, paidWorkspace(req, 'Flows'), id(req), (flowId) => rt.store.monitors.usesFlow(flowId));
      return reply.code(204).send();
    },
  });

  app.post('/flows/:flow_id/confirm', {
    config: auth,
    schema: { tags: ['flows'], summary: 'Confirm a reviewed draft: only confirmed flows run', params: FlowIdParams, response: { 200: Flow, ...errorResponses(401, 402, 404) } },
    handler: async (req) => confirmFlow(rt, paidWorkspace(req, 'Flows'), id(req)),
  });

  app.put('/flows/:flow_id/credentials', {
    config: auth,
    schema: { tags: ['flows'], summary: 'Store {{VAR}} values, sealed at rest, write-only', params: FlowIdParams, body: PutCredentials, response: { 200: Type.Object({ stored: Type.Array(Type.String()) }), ...errorResponses(401, 402, 404, 422, 503) } },
    handler: async (req) => storeCredentials(rt, paidWorkspace(req, 'Flows'), id(req), (req.body as { credentials: Record<string, unknown> }).credentials),
  });

  app.post('/flows/:flow_id/run', {
    config: { ...auth, idempotent: true },
    schema: { tags: ['flows'], summary: 'Run a confirmed flow (no model call, nothing metered); per-run credentials are never stored', params: FlowIdParams, headers: IdempotencyHeader, body: Type.Optional(RunFlow), response: { 202: FlowRunCreated, ...errorResponses(401, 402, 404, 409, 422, 503) } },
    handler: async (req, reply) => {
      const ws = paidWorkspace(req, 'Flows');
      const created = await startFlowRun(rt, ws, id(req), { credentials: (req.body as { credentials?: Record<string, unknown> } | undefined)?.credentials });
      return reply.code(202).send({ run_id: created.run.id, status: created.run.status, events_url: created.events_url, report_url: created.report_url, usage: usageBody(await workspaceUsage(rt, ws)) });
    },
  });
}
