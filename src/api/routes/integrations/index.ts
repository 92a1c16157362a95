// /integrations/slack: connect a workspace to Slack (install → consent screen → callback), read the
// connection, disconnect it. The callback answers a browser, so it always redirects to the
// dashboard with an outcome word (`/app?slack=connected|denied|error`), never an error body.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Runtime } from '../../../runtime.js';
import { disconnectSlack, slackView } from '../../../slack/connection.js';
import { finishInstall, startInstall } from '../../../slack/oauth.js';
import { errorResponses } from '../../schemas.js';
import { SlackConnection } from './schemas.js';
import { keyedWorkspace } from '../../keyed-workspace.js';

const NO_STORE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export default async function integrationRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/integrations/slack/install', {
    config: { auth: 'required' },
    schema: {
      tags: ['workspaces'],
      summary: 'Start connecting Slack: 302 to the consent screen (one-time state, 10 minutes). With ?format=json: 200 {url, expires_at}, for pages that call it with fetch',
      querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('redirect')])) }),
      response: { 200: Type.Object({ url: Type.String(), expires_at: Type.String({ format: 'date-time' }) }), ...errorResponses(401, 422, 503) },
    },
    handler: async (req, reply) => {
      const install = await startInstall(rt, keyedWorkspace(req));
      reply.headers(NO_STORE);
      if ((req.query as { format?: string }).format === 'json') return install;
      return reply.redirect(install.url, 302);
    },
  });

  app.get('/integrations/slack/callback', {
    schema: {
      tags: ['workspaces'],
      // No query schema: whatever arrives (code, state, error — or junk), the browser is redirected with a word.
      summary: "Slack's redirect after the consent screen (not called directly), with code and state, or error: 302 to /app?slack=connected, denied or error",
    },
    handler: async (req, reply) => {
      const outcome = await finishInstall(rt, req.query as Record<string, unknown>);
      return reply.headers(NO_STORE).redirect(`/app?slack=${outcome}`, 302);
    },
  });

  app.get('/integrations/slack', {
    config: { auth: 'required' },
    schema: { tags: ['workspaces'], summary: "The workspace's Slack connection (team and channel; never the token)", response: { 200: SlackConnection, ...errorResponses(401) } },
    handler: async (req) => slackView(await rt.store.slack.get(keyedWorkspace(req).id)),
  });

  app.delete('/integrations/slack', {
    config: { auth: 'required' },
    schema: { tags: ['workspaces'], summary: 'Disconnect Slack: the token is revoked at Slack and forgotten; alerts go by e-mail only. 204 whether or not it was connected', response: { ...errorResponses(401) } },
    handler: async (req, reply) => {
      await disconnectSlack(rt, keyedWorkspace(req).id);
      return reply.code(204).send();
    },
  });
}
