// Applying the provider's current view of a subscription to the workspace it belongs to. Webhook
// events only say "look again": the subscription fetched now decides, so the order events arrive in
// does not matter, and applying the same view twice changes nothing.
import type Stripe from 'stripe';
import type { LoggedWriteDeps, ReadDeps } from '../runtime.js';
import type { BillingPatch, StoreTx, WorkspaceRow } from '../store/index.js';
import { PAUSING_STATUSES, PAYING_STATUSES } from './entitlements.js';
import { setBillingPause } from './pause.js';
import { isPaidTier, tierOfLookupKey, type PaidTier } from './prices.js';

export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  /** From the plan price's lookup key (plan changes in the portal), else the checkout's metadata. */
  tier: PaidTier | null;
  trialEnd: string | null;
  workspaceId: string | null;
}

export function factsOf(sub: Stripe.Subscription): SubscriptionFacts {
  const fromPrice = (sub.items?.data ?? []).map((item) => tierOfLookupKey(item.price?.lookup_key)).find((t) => t !== null) ?? null;
  const fromMetadata = sub.metadata?.tier && isPaidTier(sub.metadata.tier) ? sub.metadata.tier : null;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    tier: fromPrice ?? fromMetadata,
    trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000).toISOString() : null,
    workspaceId: sub.metadata?.workspace_id || null,
  };
}

/** The workspace by its provider customer, else by the id our checkout put in the metadata. */
export async function workspaceOf(rt: ReadDeps, facts: SubscriptionFacts, tx: StoreTx, hintId: string | null = null): Promise<WorkspaceRow | undefined> {
  const byCustomer = await rt.store.workspaceBilling.getByCustomerId(facts.customerId, tx);
  if (byCustomer) return byCustomer;
  const id = hintId ?? facts.workspaceId;
  const ws = id ? await rt.store.workspaces.get(id, tx) : undefined;
  // A workspace that already has another customer is not this subscription's.
  return ws && ws.billing_customer_id === null ? ws : undefined;
}

const isLive = (status: string) => PAYING_STATUSES.includes(status) || PAUSING_STATUSES.includes(status);

/** Writes the subscription's effect on the workspace inside `tx`; returns what it did, for the event log. */
export async function applySubscription(rt: LoggedWriteDeps, ws: WorkspaceRow, facts: SubscriptionFacts, tx: StoreTx): Promise<string> {
  const now = rt.clock.now();
  const { id, status } = facts;
  if (ws.billing_customer_id && ws.billing_customer_id !== facts.customerId) return `ignored: ${id} belongs to another customer`;
  // An old subscription's late news (canceled after a new one started) must not undo the new one.
  if (ws.billing_subscription_id && ws.billing_subscription_id !== id && !isLive(status)) return `ignored: ${id} is ${status}, the workspace's subscription is ${ws.billing_subscription_id}`;
  if (!ws.billing_customer_id) await rt.store.workspaceBilling.setCustomerOnce(ws.id, facts.customerId, now, tx);
  const recorded: BillingPatch = { billing_subscription_id: id, billing_subscription_status: status, trial_ends_at: facts.trialEnd ?? ws.trial_ends_at };

  if (isLive(status)) {
    const tier = facts.tier ?? (ws.requested_tier && isPaidTier(ws.requested_tier) ? ws.requested_tier : null);
    if (!tier) {
      await rt.store.workspaceBilling.update(ws.id, recorded, now, tx);
      return `recorded ${id} ${status}: no siteqa plan price on it, tier unchanged`;
    }
    await rt.store.workspaceBilling.update(ws.id, { ...recorded, tier, tier_source: 'subscription', requested_tier: null }, now, tx);
    const paying = PAYING_STATUSES.includes(status);
    await setBillingPause(rt, ws.id, paying ? null : now, tx);
    return `${id} ${status}: tier ${tier}, ${paying ? 'paid capabilities on' : 'billing paused'}`;
  }

  if (status === 'canceled' || status === 'incomplete_expired') {
    if (ws.tier_source === 'operator') {
      await rt.store.workspaceBilling.update(ws.id, recorded, now, tx);
      return `recorded ${id} ${status}: the operator's ${ws.tier} grant stays`;
    }
    const wasPaid = ws.tier_source === 'subscription';
    // Overage needs a paid tier: the opt-in ends with the plan instead of lingering unusable.
    await rt.store.workspaceBilling.update(ws.id, { ...recorded, tier: 'free', tier_source: null, requested_tier: null, opt_in_to_overage: false }, now, tx);
    if (wasPaid) await setBillingPause(rt, ws.id, now, tx);
    return `${id} ${status}: tier free${wasPaid ? ', monitors stopped' : ''}`;
  }

  // incomplete (first payment pending) and statuses we do not know: remembered, nothing granted.
  await rt.store.workspaceBilling.update(ws.id, recorded, now, tx);
  return `recorded ${id} ${status}: nothing granted`;
}
