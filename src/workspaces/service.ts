// Workspaces as a service: create (the key is returned once), authenticate a presented key,
// rotate a key, grant a tier (operators), and the public view of a workspace. Paid means a card:
// a paid tier asked for over the API stays requested until checkout completes (src/billing/).
import { randomUUID } from 'node:crypto';
import { paidCapabilitiesOf } from '../billing/entitlements.js';
import { setBillingPause } from '../billing/pause.js';
import { billingConfigured } from '../billing/stripe-client.js';
import type { Runtime, LoggedWriteDeps, ReadDeps, WriteDeps } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { effectiveTier, isTier, termsOf, type Tier } from '../usage/tiers.js';
import { hashApiKey, hashesMatch, looksLikeApiKey, mintApiKey } from './api-key.js';

export interface NewWorkspace {
  owner_email: string;
  display_name?: string | null;
  tier?: Tier;
}

/**
 * `by: 'api'` (POST /workspaces): a paid tier is stored as requested and the workspace starts free
 * until checkout completes. `by: 'operator'` (`siteqa admin workspace create`): the tier is granted.
 */
export async function createWorkspace(rt: LoggedWriteDeps, input: NewWorkspace, by: 'api' | 'operator' = 'api'): Promise<{ workspace: WorkspaceRow; api_token: string }> {
  const key = mintApiKey();
  const asked = input.tier ?? 'free';
  const paid = termsOf(asked).paid;
  const workspace = await rt.store.workspaces.create({
    id: randomUUID(),
    owner_email: input.owner_email.trim(),
    display_name: input.display_name ?? null,
    tier: paid && by === 'api' ? 'free' : asked,
    tier_source: paid && by === 'operator' ? 'operator' : null,
    requested_tier: paid && by === 'api' ? asked : null,
    api_key_hash: key.hash,
    api_key_hint: key.hint,
    now: rt.clock.now(),
  });
  rt.log.info({ workspace_id: workspace.id, tier: workspace.tier, requested_tier: workspace.requested_tier }, 'workspace created');
  return { workspace, api_token: key.token };
}

/** What to do next for a requested paid tier, or null when nothing is pending. */
export function nextStepFor(rt: Pick<Runtime, 'config'>, ws: WorkspaceRow): string | null {
  if (!ws.requested_tier || paidCapabilitiesOf(ws).paid) return null;
  if (!billingConfigured(rt.config)) {
    return `This installation has no payment provider: the ${ws.requested_tier} tier takes effect when an operator grants it (\`siteqa admin workspace set-tier ${ws.id} ${ws.requested_tier}\`). Until then the workspace has the free tier's terms.`;
  }
  return `The ${ws.requested_tier} tier takes effect once a card is on file: POST /api/v1/billing/checkout {"workspace_id": "${ws.id}", "tier": "${ws.requested_tier}"} with this key, then open checkout_url (7-day trial, card collected up front). Until then the workspace has the free tier's terms.`;
}

/** The workspace owning `token`, or null. Never logs the token. */
export async function authenticate(rt: ReadDeps, token: string): Promise<WorkspaceRow | null> {
  if (!looksLikeApiKey(token)) return null;
  const ws = await rt.store.workspaces.getByKeyHash(hashApiKey(token));
  return ws && hashesMatch(ws.api_key_hash, token) ? ws : null;
}

/** A new key for the workspace; the old one stops working at once. */
export async function rotateKey(rt: WriteDeps, workspaceId: string): Promise<{ workspace: WorkspaceRow; api_token: string } | null> {
  const key = mintApiKey();
  const workspace = await rt.store.workspaces.setKey(workspaceId, key.hash, key.hint, rt.clock.now());
  return workspace ? { workspace, api_token: key.token } : null;
}

/**
 * The operator's grant (`siteqa admin workspace set-tier`): the tier applies at once, without the
 * payment provider. Granting a paid tier lifts a billing pause; taking a paid tier away stops
 * monitors (the pause), as a cancelled subscription does.
 */
export async function setTier(rt: LoggedWriteDeps, workspaceId: string, tier: string): Promise<WorkspaceRow | null> {
  if (!isTier(tier)) throw new RangeError(`unknown tier "${tier}"`);
  const before = await rt.store.workspaces.get(workspaceId);
  if (!before) return null;
  const paid = termsOf(tier).paid;
  const standing = paidCapabilitiesOf(before);
  const wasPaid = standing.paid || standing.paused;
  const patch = { tier, tier_source: paid ? ('operator' as const) : null, requested_tier: null, ...(paid ? {} : { opt_in_to_overage: false }) };
  let row = await rt.store.workspaceBilling.update(workspaceId, patch, rt.clock.now());
  if (row && paid && row.monitor_paused_at) row = await setBillingPause(rt, workspaceId, null);
  else if (row && !paid && wasPaid) row = await setBillingPause(rt, workspaceId, rt.clock.now());
  rt.log.info({ workspace_id: workspaceId, tier }, 'tier granted by an operator');
  return row ?? null;
}

/** Secrets are shown as set or not, never echoed: `…` plus the last four characters. */
export function maskSecret(plain: string | null): string | null {
  return plain === null ? null : `…${plain.slice(-4)}`;
}

/** The workspace as the API shows it (settings and billing standing included; key hash, sealed secret and provider ids excluded). */
export function workspaceView(rt: Pick<Runtime, 'clock' | 'secrets'>, ws: WorkspaceRow) {
  return {
    workspace_id: ws.id,
    owner_email: ws.owner_email,
    tier: effectiveTier(ws, rt.clock.now()),
    requested_tier: ws.requested_tier,
    subscription_status: ws.billing_subscription_status,
    trial_ends_at: ws.trial_ends_at,
    paid_capabilities: paidCapabilitiesOf(ws),
    api_key_hint: ws.api_key_hint,
    created_at: ws.created_at,
    ...settingsView(rt, ws),
  };
}

export function settingsView(rt: Pick<Runtime, 'secrets'>, ws: WorkspaceRow) {
  return {
    display_name: ws.display_name,
    usage_webhook_url: ws.usage_webhook_url,
    usage_webhook_secret: maskSecret(ws.usage_webhook_secret === null ? null : rt.secrets.open(ws.usage_webhook_secret)),
    opt_in_to_overage: ws.opt_in_to_overage,
    email_alerts_enabled: ws.email_alerts_enabled,
    slack_alerts_enabled: ws.slack_alerts_enabled,
  };
}
