// /app-model/{domain}: a workspace's model of one of its domains — read any version, write a new
// one (PUT, or POST as its alias). Bearer-authenticated, workspace-scoped.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { APP_MODEL_SCHEMA_ID } from '../../../app-models/document.js';
import { readAppModel, writeAppModel } from '../../../app-models/service.js';
import type { Runtime } from '../../../runtime.js';
import { errorResponses } from '../../schemas.js';
import { keyedWorkspace } from '../../keyed-workspace.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });
const DomainParams = Type.Object({ domain: Type.String({ maxLength: 256, description: 'A bare host name, e.g. shop.example.com' }) });
const AppModel = Type.Object({
  domain: Type.String(),
  version: Type.Integer({ minimum: 1, description: 'Increases by one on every write; runs pin the version they used.' }),
  source: Type.String({ description: 'Who wrote this version: "api".' }),
  doc: Type.Record(Type.String(), Type.Unknown(), { description: `The app-model v1 document (${APP_MODEL_SCHEMA_ID}).` }),
  schema: Type.String({ description: `The JSON Schema the document was validated against: ${APP_MODEL_SCHEMA_ID}.` }),
});
// The body is validated by the service against the published schema, so that every problem answers
// invalid_app_model with its JSON path (a route schema would answer invalid_payload first).
const Doc = Type.Unknown({ description: `An app-model v1 document; JSON Schema at ${APP_MODEL_SCHEMA_ID}. Docs: /docs/app-models` });

const domainOf = (req: FastifyRequest) => (req.params as { domain?: string; '*'?: string }).domain ?? (req.params as { '*': string })['*'];

export default async function appModelRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/app-model/:domain', {
    config: { auth: 'required' },
    schema: {
      tags: ['app models'], summary: 'Read the app model of a domain (the newest version, or ?version=N)', params: DomainParams,
      querystring: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false }),
      response: { 200: AppModel, ...errorResponses(401, 404, 422) },
    },
    handler: async (req) => readAppModel(rt, keyedWorkspace(req), domainOf(req), (req.query as { version?: number }).version),
  });

  const write = (method: 'PUT' | 'POST', summary: string) => app.route({
    method, url: '/app-model/:domain',
    config: { auth: 'required', idempotent: true },
    schema: { tags: ['app models'], summary, headers: IdempotencyHeader, params: DomainParams, body: Doc, response: { 200: AppModel, ...errorResponses(401, 404, 422) } },
    handler: async (req) => writeAppModel(rt, keyedWorkspace(req), domainOf(req), req.body),
  });
  write('PUT', 'Write a new version of the app model of a registered domain');
  write('POST', 'Alias of PUT /app-model/{domain} (create or update, safe to retry)');

  // A "domain" with a path in it reaches here rather than the generic 404: it is answered as the
  // domain it is not.
  for (const method of ['GET', 'PUT', 'POST'] as const) {
    app.route({
      method, url: '/app-model/*', config: { auth: 'required' }, schema: { hide: true },
      handler: async (req) => (method === 'GET' ? readAppModel(rt, keyedWorkspace(req), domainOf(req)) : writeAppModel(rt, keyedWorkspace(req), domainOf(req), req.body)),
    });
  }
}
