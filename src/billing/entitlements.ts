// What a workspace's billing standing allows. Paid capabilities (monitors, flows, overage) need a
// paid tier backed by a card: an active or trialing subscription with the payment provider, or an
// operator's grant (self-hosted). A tier asked for but not checked out is not paid; a subscription
// whose payment failed (past_due, unpaid, paused) pauses them until the provider reports payment.
import { ServiceError } from '../service-error.js';
import type { WorkspaceRow } from '../store/index.js';
import { termsOf } from '../usage/tiers.js';

export interface PaidCapabilities {
  /** Paid capabilities may be used now. */
  paid: boolean;
  /** Billing-paused: the subscription exists but its payment failed. */
  paused: boolean;
  /** Why not, for hints and the dashboard; null when paid. */
  reason: string | null;
}

export type BillingStanding = Pick<WorkspaceRow, 'tier' | 'tier_source' | 'requested_tier' | 'billing_subscription_status' | 'monitor_paused_at'>;

/** Provider statuses that carry the paid tier. */
export const PAYING_STATUSES: readonly string[] = ['trialing', 'active'];
/** Provider statuses that keep the subscription but pause paid capabilities. */
export const PAUSING_STATUSES: readonly string[] = ['past_due', 'unpaid', 'paused'];

export function paidCapabilitiesOf(ws: BillingStanding): PaidCapabilities {
  const paidTier = termsOf(ws.tier).paid;
  if (paidTier && ws.tier_source === 'operator') return { paid: true, paused: false, reason: null };
  const status = ws.billing_subscription_status;
  if (paidTier && ws.tier_source === 'subscription' && status !== null) {
    if (PAYING_STATUSES.includes(status)) return { paid: true, paused: false, reason: null };
    if (PAUSING_STATUSES.includes(status)) {
      const since = ws.monitor_paused_at ? ` since ${ws.monitor_paused_at}` : '';
      return { paid: false, paused: true, reason: `billing is paused: the ${ws.tier} subscription is ${status}${since}` };
    }
  }
  if (ws.requested_tier) return { paid: false, paused: false, reason: `the ${ws.requested_tier} tier is waiting for checkout (no card on file yet)` };
  return { paid: false, paused: false, reason: `the ${ws.tier} tier has no paid capabilities` };
}

/**
 * Throws 402 payment_required unless paid capabilities may be used now. `what` names the capability
 * in the hint ("Monitors", "Flows"). Billing-paused workspaces get a hint about fixing the payment.
 */
export function requirePaidCapabilities(ws: BillingStanding & Pick<WorkspaceRow, 'id'>, what: string): void {
  const caps = paidCapabilitiesOf(ws);
  if (caps.paid) return;
  if (caps.paused) {
    throw new ServiceError('payment_required', `${what}: ${caps.reason}. Update the card or pay the open invoice in the customer portal (POST /api/v1/billing/portal {"workspace_id": "${ws.id}"}); paid capabilities resume as soon as the payment provider reports the payment.`);
  }
  throw new ServiceError('payment_required', `${what} need a paid tier with a card on file; ${caps.reason}. Start checkout with POST /api/v1/billing/checkout {"workspace_id": "${ws.id}", "tier": "starter"} (or pro, team: a 7-day trial, card collected up front). Self-hosted without a payment provider: \`siteqa admin workspace set-tier\`.`);
}
