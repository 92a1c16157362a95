// Workspaces as a service: create (the key is returned once), authenticate a presented key,
// rotate a key, change a tier, and the public view of a workspace.
import { randomUUID } from 'node:crypto';
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import { isTier, termsOf, type Tier } from '../usage/tiers.js';
import { hashApiKey, hashesMatch, looksLikeApiKey, mintApiKey } from './api-key.js';

export interface NewWorkspace {
  owner_email: string;
  display_name?: string | null;
  tier?: Tier;
}

export async function createWorkspace(rt: Runtime, input: NewWorkspace): Promise<{ workspace: WorkspaceRow; api_token: string }> {
  const key = mintApiKey();
  const workspace = await rt.store.workspaces.create({
    id: randomUUID(),
    owner_email: input.owner_email.trim(),
    display_name: input.display_name ?? null,
    tier: input.tier ?? 'free',
    api_key_hash: key.hash,
    api_key_hint: key.hint,
    now: rt.clock.now(),
  });
  rt.log.info({ workspace_id: workspace.id, tier: workspace.tier }, 'workspace created');
  return { workspace, api_token: key.token };
}

/** The workspace owning `token`, or null. Never logs the token. */
export async function authenticate(rt: Runtime, token: string): Promise<WorkspaceRow | null> {
  if (!looksLikeApiKey(token)) return null;
  const ws = await rt.store.workspaces.getByKeyHash(hashApiKey(token));
  return ws && hashesMatch(ws.api_key_hash, token) ? ws : null;
}

/** A new key for the workspace; the old one stops working at once. */
export async function rotateKey(rt: Runtime, workspaceId: string): Promise<{ workspace: WorkspaceRow; api_token: string } | null> {
  const key = mintApiKey();
  const workspace = await rt.store.workspaces.setKey(workspaceId, key.hash, key.hint, rt.clock.now());
  return workspace ? { workspace, api_token: key.token } : null;
}

export async function setTier(rt: Runtime, workspaceId: string, tier: string): Promise<WorkspaceRow | null> {
  if (!isTier(tier)) throw new RangeError(`unknown tier "${tier}"`);
  const patch = { tier, tier_source: termsOf(tier).paid ? ('operator' as const) : null, requested_tier: null };
  return (await rt.store.workspaceBilling.update(workspaceId, patch, rt.clock.now())) ?? null;
}

/** Secrets are shown as set or not, never echoed: `…` plus the last four characters. */
export function maskSecret(plain: string | null): string | null {
  return plain === null ? null : `…${plain.slice(-4)}`;
}

/** The workspace as the API shows it (settings included, key hash and sealed secret excluded). */
export function workspaceView(rt: Runtime, ws: WorkspaceRow) {
  return {
    workspace_id: ws.id,
    owner_email: ws.owner_email,
    tier: ws.tier,
    api_key_hint: ws.api_key_hint,
    created_at: ws.created_at,
    ...settingsView(rt, ws),
  };
}

export function settingsView(rt: Runtime, ws: WorkspaceRow) {
  return {
    display_name: ws.display_name,
    usage_webhook_url: ws.usage_webhook_url,
    usage_webhook_secret: maskSecret(ws.usage_webhook_secret === null ? null : rt.secrets.open(ws.usage_webhook_secret)),
    opt_in_to_overage: ws.opt_in_to_overage,
    email_alerts_enabled: ws.email_alerts_enabled,
    slack_alerts_enabled: ws.slack_alerts_enabled,
  };
}
