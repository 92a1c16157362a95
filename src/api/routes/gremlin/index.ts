// /gremlin: chaos runs and the domain authorizations that allow real mutation. Bearer-authenticated.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { authorizeDomain, startChaosRun } from '../../../gremlin/service.js';
import type { Runtime } from '../../../runtime.js';
import { usageBody, workspaceUsage } from '../../../usage/usage.js';
import { errorResponses } from '../../schemas.js';
import { keyedWorkspace } from '../../keyed-workspace.js';

const Obj = Type.Record(Type.String(), Type.Unknown());
const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });
const Nullable = (t: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([t, Type.Null()]));

export default async function gremlinRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.post('/gremlin', {
    config: { auth: 'required', idempotent: true },
    schema: {
      tags: ['chaos'], summary: 'Start a chaos run: a persona walks the site (dry run by default) and code reports what breaks', headers: IdempotencyHeader,
      body: Type.Object({ url: Type.String({ format: 'uri', maxLength: 2048 }), persona: Nullable(Type.String({ maxLength: 40 })), direction: Nullable(Type.String({ maxLength: 2000 })),
        seed: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1, description: 'Replays an earlier walk (reports give their seed).' }), Type.Null()])) }, { additionalProperties: false }),
      response: { 202: Obj, ...errorResponses(401, 402, 404, 422, 429) },
    },
    handler: async (req, reply) => {
      const ws = keyedWorkspace(req);
      const started = await startChaosRun(rt, ws, req.body as never);
      return reply.code(202).send({ ...started, usage: usageBody(await workspaceUsage(rt, ws)) });
    },
  });

  app.get('/gremlin/domains', {
    config: { auth: 'required' },
    schema: { tags: ['chaos'], summary: "The workspace's domain authorizations", response: { 200: Obj, ...errorResponses(401) } },
    handler: async (req) => ({ domains: (await rt.store.gremlinDomains.list(keyedWorkspace(req).id)).map(({ host, allow_mutation, note }) => ({ host, allow_mutation, note })) }),
  });

  app.put('/gremlin/domains', {
    config: { auth: 'required', idempotent: true },
    schema: {
      tags: ['chaos'], summary: 'Authorize (or revoke) real mutation by chaos runs for a host', headers: IdempotencyHeader,
      body: Type.Object({ host: Type.String({ maxLength: 300 }), allow_mutation: Type.Optional(Type.Boolean()), note: Nullable(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
      response: { 200: Obj, ...errorResponses(401, 422) },
    },
    handler: async (req) => authorizeDomain(rt, keyedWorkspace(req), req.body as never),
  });
}
