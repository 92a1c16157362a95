// TypeBox schemas of the billing routes: checkout, portal and the webhook's receipt.
import { Type } from 'typebox';

// Redirect targets at the provider: absolute http(s) URLs only.
const RedirectUrl = (description: string) => Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048, description });

export const CheckoutBody = Type.Object(
  {
    workspace_id: Type.String({ format: 'uuid', description: "Must be the bearer key's workspace (else 403 forbidden)." }),
    tier: Type.String({ description: 'starter, pro or team (else 422 invalid_tier).' }),
    success_url: Type.Optional(RedirectUrl('Where the provider sends the customer after checkout; default PUBLIC_BASE_URL/app?checkout=success.')),
    cancel_url: Type.Optional(RedirectUrl('Where the provider sends the customer on cancel; default PUBLIC_BASE_URL/app?checkout=cancelled.')),
  },
  { additionalProperties: false },
);

export const CheckoutStarted = Type.Object({
  checkout_url: Type.String({ description: "The provider's hosted checkout page: 29.00 USD a month after a 7-day trial, card collected up front." }),
  session_id: Type.String(),
});

export const PortalBody = Type.Object(
  {
    workspace_id: Type.String({ format: 'uuid' }),
    return_url: Type.Optional(RedirectUrl('Where the portal returns to; default PUBLIC_BASE_URL/app.')),
  },
  { additionalProperties: false },
);

export const PortalOpened = Type.Object({ portal_url: Type.String() });

export const WebhookReceipt = Type.Object({
  received: Type.Literal(true),
  event_id: Type.String(),
  type: Type.String(),
  duplicate: Type.Boolean({ description: 'The event id was processed before; nothing changed.' }),
  outcome: Type.String({ description: 'What processing did.' }),
});
