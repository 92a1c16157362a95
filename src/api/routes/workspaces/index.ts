// /workspaces: create one (the key is shown once), read the current one, its usage and settings,
// and send a signed test event to its usage webhook.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { normalizeEmail } from '../../../notify/address.js';
import type { Runtime } from '../../../runtime.js';
import type { WorkspaceRow } from '../../../store/index.js';
import { isTier } from '../../../usage/tiers.js';
import { anonymousUsage, usageBody, workspaceUsage } from '../../../usage/usage.js';
import { sendTestEvent } from '../../../usage/webhook.js';
import { createWorkspace, nextStepFor, settingsView, workspaceView } from '../../../workspaces/service.js';
import { applySettings, type SettingsInput } from '../../../workspaces/settings.js';
import { slackView } from '../../../slack/connection.js';
import { ApiError } from '../../errors.js';
import { enforceRateLimit } from '../../../usage/rate-limit.js';
import { errorResponses } from '../../schemas.js';
import { CreateWorkspace, SettingsPatch, SettingsWithUsage, UsageObject, WebhookTestSent, Workspace, WorkspaceCreated } from './schemas.js';
import { keyedWorkspace } from '../../keyed-workspace.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });

export default async function workspaceRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  const withUsage = async (ws: WorkspaceRow) => ({ ...workspaceView(rt, ws), slack: slackView(await rt.store.slack.get(ws.id)), usage: usageBody(await workspaceUsage(rt, ws)) });

  app.post('/workspaces', {
    config: { idempotent: 'sealed' }, // the response holds the new API key
    schema: { tags: ['workspaces'], summary: 'Create a workspace; the API key is returned once. A paid tier stays requested until checkout', headers: IdempotencyHeader, body: CreateWorkspace, response: { 201: WorkspaceCreated, ...errorResponses(422, 429) } },
    handler: async (req, reply) => {
      const body = req.body as { owner_email: string; display_name?: string | null; tier?: string };
      // Each workspace brings free calls: unlimited creation would undo the anonymous audit limit.
      await enforceRateLimit(rt, `workspaces:ip:${req.ip}`, rt.config.workspaceCreateRateLimit, 3600);
      const email = normalizeEmail(body.owner_email);
      if (!email) throw new ApiError('invalid_email', `owner_email ${JSON.stringify(body.owner_email.slice(0, 80))} is not one valid email address.`);
      const tier = body.tier ?? 'free';
      if (!isTier(tier)) throw new ApiError('invalid_tier', `tier ${JSON.stringify(tier.slice(0, 40))} is unknown; use free, agent_temp, starter, pro or team.`);
      const { workspace, api_token } = await createWorkspace(rt, { owner_email: email, display_name: body.display_name ?? null, tier });
      return reply.code(201).send({ ...(await withUsage(workspace)), api_token, next_step: nextStepFor(rt, workspace) });
    },
  });

  app.get('/workspaces/current', {
    config: { auth: 'required' },
    schema: { tags: ['workspaces'], summary: 'The workspace of the bearer key, with its usage', response: { 200: Workspace, ...errorResponses(401) } },
    handler: async (req) => withUsage(keyedWorkspace(req)),
  });

  app.get('/workspaces/current/usage', {
    config: { auth: 'optional' },
    schema: { tags: ['workspaces'], summary: "Usage: the workspace's with a key, the caller's anonymous audit allowance without", response: { 200: UsageObject, ...errorResponses(401) } },
    handler: async (req) => (req.workspace ? usageBody(await workspaceUsage(rt, req.workspace)) : anonymousUsage(rt, req.ip)),
  });

  app.patch('/workspaces/current/usage', {
    config: { auth: 'required', idempotent: true },
    schema: { tags: ['workspaces'], summary: 'Change settings (only the settings fields)', headers: IdempotencyHeader, body: SettingsPatch, response: { 200: SettingsWithUsage, ...errorResponses(401, 402, 422) } },
    handler: async (req) => {
      const ws = await applySettings(rt, keyedWorkspace(req), req.body as SettingsInput);
      return { ...settingsView(rt, ws), usage: usageBody(await workspaceUsage(rt, ws)) };
    },
  });

  app.post('/workspaces/current/usage-webhook/test', {
    config: { auth: 'required' },
    schema: { tags: ['workspaces'], summary: 'Send a signed usage.test event to the usage webhook', response: { 202: WebhookTestSent, ...errorResponses(401, 409) } },
    handler: async (req, reply) => {
      const ws = keyedWorkspace(req);
      if (!ws.usage_webhook_url || !ws.usage_webhook_secret) {
        throw new ApiError('webhook_unconfigured', `Set ${ws.usage_webhook_url ? 'usage_webhook_secret' : 'usage_webhook_url and usage_webhook_secret'} with PATCH /api/v1/workspaces/current/usage first.`);
      }
      const outcome = await sendTestEvent(rt, ws, usageBody(await workspaceUsage(rt, ws)));
      return reply.code(202).send({ ...outcome, event: 'usage.test' });
    },
  });
}
