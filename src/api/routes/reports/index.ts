// /reports/by-token/{share_token}: the JSON report for whoever holds the share token.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { reportBody } from '../../../runs/reports.js';
import type { Runtime } from '../../../runtime.js';
import { ApiError } from '../../errors.js';
import { errorResponses } from '../../schemas.js';

export default async function reportRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/reports/by-token/:share_token', {
    schema: {
      tags: ['reports'],
      summary: 'Read a report by its share token',
      // Any string is a token that may or may not exist: an impossible one is "not found" too (the
      // router refuses segments over 256 characters the same way).
      params: Type.Object({ share_token: Type.String({ minLength: 1, maxLength: 256 }) }),
      response: errorResponses(404),
    },
    handler: async (req, reply) => {
      const { share_token } = req.params as { share_token: string };
      const run = await rt.store.runs.getByShareToken(share_token);
      if (!run) throw new ApiError('not_found', 'No report has this share token.');
      return reply.type('application/json; charset=utf-8').header('x-robots-tag', 'noindex, nofollow').send(await reportBody(rt, run));
    },
  });
}
