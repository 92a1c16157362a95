// POST /hooks/deploy/{monitor_id}: the deploy hook, authenticated by the monitor's deploy token in
// X-Service-Token (no bearer). The body is optional: an empty one is valid (so this route reads
// JSON itself), and every request — good or bad — is recorded as a delivery by the service.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { receiveDeploy } from '../../../monitors/deploy-hook.js';
import type { Runtime } from '../../../runtime.js';
import { errorResponses } from '../../schemas.js';

export default async function hookRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  // Scoped to this plugin: an empty body is no payload; bad JSON is a delivery refused with 422.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post('/hooks/deploy/:monitor_id', {
    schema: {
      tags: ['monitors'],
      summary: 'A deploy happened: run the monitor now (coalesces with a queued run). Body: deploy-hook payload v1, optional',
      params: Type.Object({ monitor_id: Type.String({ minLength: 1, maxLength: 64 }) }),
      headers: Type.Object({ 'x-service-token': Type.Optional(Type.String({ maxLength: 256 })) }),
      response: { 202: Type.Object({ run_ids: Type.Array(Type.String()), results_url: Type.String(), deduped: Type.Boolean() }), ...errorResponses(401, 402, 404, 409, 422, 429) },
    },
    handler: async (req, reply) => {
      const { monitor_id } = req.params as { monitor_id: string };
      const raw = typeof req.body === 'string' ? req.body.trim() : '';
      // Text that is not JSON reaches the service as a string, which it refuses (and records) as invalid.
      let body: unknown = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const result = await receiveDeploy(rt, { monitorId: monitor_id, token: req.headers['x-service-token'] as string | undefined, ip: req.ip, body });
      return reply.code(202).send({ run_ids: result.run_ids, results_url: result.run.report_url, deduped: result.deduped });
    },
  });
}
