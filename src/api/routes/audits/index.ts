// /audits: start an audit, read a run, read its report.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { anonymousAuditAdmission, createRun } from '../../../runs/create-run.js';
import { reportBody, runSummary } from '../../../runs/reports.js';
import type { Runtime } from '../../../runtime.js';
import { ApiError } from '../../errors.js';
import { meteredCall } from '../../../usage/meter.js';
import { errorResponses, Run, RunIdParams, RunStatus } from '../../schemas.js';

const CreateAudit = Type.Object(
  {
    url: Type.String({ format: 'uri', maxLength: 2048, description: 'Public http(s) URL of the start page.' }),
    source: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 32 })], { description: 'Logged for funnel counting; no behaviour change.' })),
  },
  { additionalProperties: false },
);

const AuditCreated = Type.Object({
  run_id: Type.String({ format: 'uuid' }),
  status: RunStatus,
  events_url: Type.String(),
  report_url: Type.String(),
});

export default async function auditRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.post('/audits', {
    config: { idempotent: true, auth: 'optional' },
    schema: {
      tags: ['audits'],
      summary: 'Start an audit of a public URL (with a bearer key, the run belongs to that workspace and is metered)',
      headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) }),
      body: CreateAudit,
      response: { 202: AuditCreated, ...errorResponses(401, 402, 422, 429, 503) },
    },
    handler: async (req, reply) => {
      const body = req.body as { url: string; source?: string | null };
      const workspaceId = req.workspaceId ?? null;
      // Anonymous audits share the free pool and a per-IP allowance; a workspace's are metered instead.
      const start = () => createRun(rt, {
        kind: 'audit', trigger: 'api', url: body.url, source: body.source ?? null, workspaceId, clientIp: req.ip, log: req.log,
        admission: workspaceId === null ? anonymousAuditAdmission : undefined,
      });
      const created = req.workspace ? await meteredCall(rt, req.workspace, start) : await start();
      return reply.code(202).send({ run_id: created.run.id, status: created.run.status, events_url: created.events_url, report_url: created.report_url });
    },
  });

  app.get('/audits', {
    config: { auth: 'required' },
    schema: {
      tags: ['audits'],
      summary: "The workspace's runs, newest first",
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ runs: Type.Array(Run) }), ...errorResponses(401, 422) },
    },
    handler: async (req) => {
      const { limit } = req.query as { limit: number };
      const runs = await rt.store.runs.list({ workspace_id: req.workspaceId!, limit });
      return { runs: runs.map(runSummary) };
    },
  });

  app.get('/audits/:run_id', {
    schema: { tags: ['audits'], summary: 'Read a run', params: RunIdParams, response: { 200: Run, ...errorResponses(404) } },
    handler: async (req) => {
      const { run_id } = req.params as { run_id: string };
      const run = await rt.store.runs.get(run_id);
      if (!run) throw new ApiError('not_found', `No run ${run_id}.`);
      return runSummary(run);
    },
  });

  app.get('/audits/:run_id/report.json', {
    schema: { tags: ['audits'], summary: 'Read the report of a run (status only, without sections, until it ends)', params: RunIdParams, response: errorResponses(404) },
    handler: async (req, reply) => {
      const { run_id } = req.params as { run_id: string };
      const run = await rt.store.runs.get(run_id);
      if (!run) throw new ApiError('not_found', `No run ${run_id}.`);
      return reply.type('application/json; charset=utf-8').send(await reportBody(rt, run));
    },
  });
}
