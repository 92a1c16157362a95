// Paid capabilities (flows, monitors, overage) need a paid tier: a free workspace gets 402 with the
// billing next step. (Billing refines "paid" to "a subscription with a card, or an operator grant".)
import { ServiceError } from '../runs/service-error.js';
import type { WorkspaceRow } from '../store/index.js';
import { termsOf } from './tiers.js';

export function requirePaidTier(ws: WorkspaceRow, what: string): void {
  if (termsOf(ws.tier).paid) return;
  throw new ServiceError('tier_required', `${what} need a paid tier or a trial with a card: start one with POST /api/v1/billing/checkout {"workspace_id": "${ws.id}", "tier": "starter"} (self-hosted: siteqa admin workspace set-tier).`);
}
