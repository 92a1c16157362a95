// /schemas: the published JSON Schemas of the documents the API accepts (flow-spec v1, the
// deploy-hook payload v1, the app-model document v1).
import type { FastifyInstance } from 'fastify';
import { APP_MODEL_SCHEMA } from '../../../app-models/document.js';
import { FLOW_SPEC_SCHEMA } from '../../../flows/spec.js';
import { DEPLOY_HOOK_SCHEMA } from '../../../monitors/deploy-schema.js';

export default async function schemaRoutes(app: FastifyInstance) {
  app.get('/schemas/flow-spec-v1.json', {
    schema: { tags: ['schemas'], summary: 'The JSON Schema of flow-spec v1' },
    handler: async (_req, reply) => reply.type('application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(FLOW_SPEC_SCHEMA)),
  });
  app.get('/schemas/deploy-hook-v1.json', {
    schema: { tags: ['schemas'], summary: 'The JSON Schema of the deploy-hook payload v1' },
    handler: async (_req, reply) => reply.type('application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(DEPLOY_HOOK_SCHEMA)),
  });
  app.get('/schemas/app-model-v1.json', {
    schema: { tags: ['schemas'], summary: 'The JSON Schema of the app-model document v1' },
    handler: async (_req, reply) => reply.type('application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(APP_MODEL_SCHEMA)),
  });
}
