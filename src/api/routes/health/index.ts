// /healthz: liveness, including a round trip to the database.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../../../runtime.js';
import { sendError } from '../../errors.js';

export default async function healthRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Liveness probe' } }, async (_req, reply) => {
    try {
      await rt.store.runStats.ping();
      return { status: 'ok', database: rt.store.dialect };
    } catch {
      return sendError(reply, 'database_unavailable');
    }
  });
}
