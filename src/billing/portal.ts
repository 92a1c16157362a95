// The provider's customer portal: change the card, pay a failed invoice, switch plan or cancel.
// Only once checkout has created the workspace's customer.
import { ServiceError } from '../service-error.js';
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { describeProviderError, isProviderError, stripeFor } from './stripe-client.js';

export async function openPortal(rt: Pick<Runtime, 'config'>, ws: WorkspaceRow, returnUrl?: string): Promise<{ portal_url: string }> {
  const stripe = stripeFor(rt);
  if (!ws.billing_customer_id) {
    throw new ServiceError('no_billing_customer', `Workspace ${ws.id} has no payment-provider customer yet. Start with POST /api/v1/billing/checkout {"workspace_id": "${ws.id}", "tier": "starter"}.`);
  }
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: ws.billing_customer_id, return_url: returnUrl ?? `${rt.config.publicBaseUrl}/app` });
    return { portal_url: session.url };
  } catch (err) {
    if (!isProviderError(err)) throw err;
    throw new ServiceError('portal_failed', `The payment provider could not open the portal (${describeProviderError(err)}). Retry in a minute.`);
  }
}
