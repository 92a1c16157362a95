// /billing: checkout and the customer portal for the bearer key's workspace, and the payment
// provider's signed webhook. Handlers only call src/billing; the webhook alone reads its body raw
// (the signature covers the exact bytes), through a content-type parser scoped to its own plugin.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { startCheckout } from '../../../billing/checkout.js';
import { openPortal } from '../../../billing/portal.js';
import { stripeFor } from '../../../billing/stripe-client.js';
import { receiveWebhook } from '../../../billing/webhook.js';
import type { Runtime } from '../../../runtime.js';
import type { WorkspaceRow } from '../../../store/index.js';
import { ApiError } from '../../errors.js';
import { errorResponses } from '../../schemas.js';
import { CheckoutBody, CheckoutStarted, PortalBody, PortalOpened, WebhookReceipt } from './schemas.js';
import { keyedWorkspace } from '../../keyed-workspace.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) });

/** The bearer key's workspace, which must be the body's workspace_id (403 otherwise). */
function ownWorkspace(req: FastifyRequest, workspaceId: string): WorkspaceRow {
  const ws = keyedWorkspace(req);
  if (ws.id !== workspaceId) throw new ApiError('forbidden', `The bearer key belongs to workspace ${ws.id}, not ${workspaceId}. Use that workspace's key.`);
  return ws;
}

export default async function billingRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.post('/billing/checkout', {
    config: { auth: 'required', idempotent: true },
    schema: {
      tags: ['billing'], summary: 'Start checkout for a paid tier: 7-day trial, card always collected, then 29.00 USD a month',
      headers: IdempotencyHeader, body: CheckoutBody, response: { 200: CheckoutStarted, ...errorResponses(401, 403, 409, 422, 502, 503) },
    },
    handler: async (req) => {
      const body = req.body as { workspace_id: string; tier: string; success_url?: string; cancel_url?: string };
      stripeFor(rt); // 503 billing_unconfigured before anything else
      const ws = ownWorkspace(req, body.workspace_id);
      const key = req.headers['idempotency-key'];
      return startCheckout(rt, ws, { tier: body.tier, successUrl: body.success_url, cancelUrl: body.cancel_url, idempotencyKey: typeof key === 'string' && key ? key : undefined });
    },
  });

  app.post('/billing/portal', {
    config: { auth: 'required' },
    schema: { tags: ['billing'], summary: "Open the payment provider's customer portal (card, invoices, plan, cancel)", body: PortalBody, response: { 200: PortalOpened, ...errorResponses(401, 403, 409, 422, 502, 503) } },
    handler: async (req) => {
      const body = req.body as { workspace_id: string; return_url?: string };
      stripeFor(rt);
      return openPortal(rt, ownWorkspace(req, body.workspace_id), body.return_url);
    },
  });

  await app.register(async (hook) => {
    // Only here: every body is kept as the exact bytes the provider signed.
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post('/billing/webhook', {
      schema: { tags: ['billing'], summary: "The payment provider's webhook: signature-verified, idempotent by event id", response: { 200: WebhookReceipt, ...errorResponses(400, 502, 503) } },
      handler: async (req) => {
        const signature = req.headers['stripe-signature'];
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return receiveWebhook(rt, raw, typeof signature === 'string' ? signature : undefined);
      },
    });
  });
}
