// Report subscriptions: subscribe an address to a run's report (JSON or form body) and unsubscribe
// by token. The mails are sent by durable jobs (src/report-emails/jobs.ts) that the job loop runs.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Runtime } from '../../../runtime.js';
import { subscribe, unsubscribe } from '../../../report-emails/service.js';
import { ApiError } from '../../errors.js';
import { enforceRateLimit } from '../../../usage/rate-limit.js';
import { errorResponses, RunIdParams } from '../../schemas.js';

const Subscribed = Type.Object({ status: Type.Literal('scheduled') });
const Accepted = Type.Object({ status: Type.Literal('accepted') });

const UNSUBSCRIBED_HTML = '<!doctype html><html><head><meta name="robots" content="noindex"><title>Unsubscribed</title></head>'
  + '<body style="font-family:system-ui,sans-serif"><h1>Unsubscribed</h1><p>You will get no more email about this report.</p></body></html>';

export default async function subscriptionRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.post('/audits/:run_id/report-subscription', {
    schema: {
      tags: ['reports'],
      summary: 'Email this report now and a 7-day re-check with a diff (exactly two emails)',
      params: RunIdParams,
      body: Type.Object({ email: Type.String({ maxLength: 320 }) }, { additionalProperties: false }),
      response: { 201: Subscribed, 200: Accepted, ...errorResponses(404, 422, 429) },
    },
    handler: async (req, reply) => {
      await enforceRateLimit(rt, `subscriptions:ip:${req.ip}`, rt.config.subscribeRateLimit, rt.config.subscribeRateWindowSec);
      const { run_id } = req.params as { run_id: string };
      const outcome = await subscribe(rt, run_id, (req.body as { email: string }).email, req.ip);
      // Already subscribed and capped answer alike, so the endpoint does not reveal who subscribed.
      return outcome === 'scheduled' ? reply.code(201).send({ status: 'scheduled' }) : reply.code(200).send({ status: 'accepted' });
    },
  });

  app.get('/report-subscriptions/unsubscribe', {
    schema: {
      tags: ['reports'],
      summary: 'Cancel a report subscription (idempotent)',
      querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) }),
      response: { 200: Type.Object({ status: Type.Literal('unsubscribed') }), ...errorResponses(404, 422) },
    },
    handler: async (req, reply) => {
      const { token } = req.query as { token: string };
      // Looked up by hash: any string is a token that exists or not ("unknown", never "invalid").
      if (!(await unsubscribe(rt, token))) throw new ApiError('not_found', 'No subscription has this unsubscribe token.');
      // People click this from an email: a browser gets a page, a script gets JSON.
      if (/text\/html/.test(req.headers.accept ?? '')) return reply.type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').send(UNSUBSCRIBED_HTML);
      return { status: 'unsubscribed' as const };
    },
  });
}
