// Checkout: a subscription-mode session at the provider for a paid tier (29.00 USD a month plus
// the two metered prices) for the workspace's one provider customer, a 7-day trial on its first
// subscription, the card always collected. The tier becomes effective only when the provider
// reports the subscription (webhook), never on the strength of a session.
import { ServiceError } from '../service-error.js';
import type { Runtime, LoggedWriteDeps, WriteDeps } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { PAUSING_STATUSES, PAYING_STATUSES } from './entitlements.js';
import { checkoutPrices, isPaidTier } from './prices.js';
import { describeProviderError, isProviderError, stripeFor, type StripeClient } from './stripe-client.js';

export const TRIAL_DAYS = 7;

export interface CheckoutInput {
  tier: string;
  successUrl?: string;
  cancelUrl?: string;
  /** The request's Idempotency-Key: passed on to the provider, scoped to the workspace. */
  idempotencyKey?: string;
}

export interface CheckoutStarted {
  checkout_url: string;
  session_id: string;
}

/**
 * The workspace's customer at the provider: created on its first checkout and reused for every later
 * checkout, the portal and meter events. The idempotency key makes concurrent first checkouts get
 * the same customer back from the provider; the store keeps the first one written in any case.
 */
async function ensureCustomer(rt: WriteDeps, stripe: StripeClient, ws: WorkspaceRow): Promise<string> {
  if (ws.billing_customer_id) return ws.billing_customer_id;
  const created = await stripe.customers.create(
    { email: ws.owner_email, ...(ws.display_name ? { name: ws.display_name } : {}), metadata: { workspace_id: ws.id } },
    { idempotencyKey: `siteqa-customer-${ws.id}` },
  );
  const row = await rt.store.workspaceBilling.setCustomerOnce(ws.id, created.id, rt.clock.now());
  return row?.billing_customer_id ?? created.id;
}

/** The provider idempotency key for a checkout request: provider keys are account-wide, ours are per workspace. */
export const checkoutIdempotencyKey = (workspaceId: string, key: string) => `siteqa-checkout-${workspaceId}-${key}`;

export async function startCheckout(rt: LoggedWriteDeps & Pick<Runtime, 'config'>, ws: WorkspaceRow, input: CheckoutInput): Promise<CheckoutStarted> {
  const stripe = stripeFor(rt);
  const tier = input.tier;
  if (!isPaidTier(tier)) throw new ServiceError('invalid_tier', `Checkout is for a paid tier: starter, pro or team (got ${JSON.stringify(tier.slice(0, 40))}).`);
  const status = ws.billing_subscription_status;
  if (ws.tier_source === 'subscription' && status && [...PAYING_STATUSES, ...PAUSING_STATUSES].includes(status)) {
    throw new ServiceError('already_subscribed', `This workspace's ${ws.tier} subscription is ${status}. Change the plan or the card in the portal: POST /api/v1/billing/portal {"workspace_id": "${ws.id}"}.`);
  }
  const base = rt.config.publicBaseUrl;
  let session;
  try {
    const customer = await ensureCustomer(rt, stripe, ws);
    const [plan, ...metered] = await checkoutPrices(stripe, tier);
    session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: ws.id,
      line_items: [{ price: plan!, quantity: 1 }, ...metered.map((price) => ({ price }))],
      payment_method_collection: 'always',
      // One trial per workspace: trial_ends_at stays set after the first trial ends.
      subscription_data: { ...(ws.trial_ends_at === null ? { trial_period_days: TRIAL_DAYS } : {}), metadata: { workspace_id: ws.id, tier } },
      metadata: { workspace_id: ws.id, tier },
      success_url: input.successUrl ?? `${base}/app?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: input.cancelUrl ?? `${base}/app?checkout=cancelled`,
    }, input.idempotencyKey ? { idempotencyKey: checkoutIdempotencyKey(ws.id, input.idempotencyKey) } : undefined);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    rt.log.warn({ workspace_id: ws.id, provider_error: describeProviderError(err) }, 'checkout failed at the payment provider');
    throw new ServiceError('checkout_failed', `The payment provider could not start checkout (${describeProviderError(err)}). Nothing was charged; retry in a minute (the same Idempotency-Key is safe).`);
  }
  if (!session.url) throw new ServiceError('checkout_failed', 'The payment provider returned a checkout session without a URL. Nothing was charged; retry in a minute.');
  await rt.store.workspaceBilling.update(ws.id, { requested_tier: tier }, rt.clock.now());
  rt.log.info({ workspace_id: ws.id, tier, session_id: session.id }, 'checkout session created');
  return { checkout_url: session.url, session_id: session.id };
}
