// Changing a workspace's settings: the webhook URL must be a public https endpoint (checked by the
// URL guard), the secret is sealed before it is stored, and overage needs paid capabilities.
import { checkUrl } from '../guard/url.js';
import { isAllowlisted } from '../guard/options.js';
import type { Runtime, WriteDeps } from '../runtime.js';
import type { WorkspaceRow, WorkspaceSettingsPatch } from '../store/index.js';
import { ServiceError } from '../service-error.js';
import { paidCapabilitiesOf, requirePaidCapabilities } from '../billing/entitlements.js';

/** Null when the URL may receive usage webhooks, else why not. */
export async function webhookUrlProblem(rt: Pick<Runtime, 'guard'>, raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${JSON.stringify(raw.slice(0, 200))} is not an absolute URL`;
  }
  // Plain http is allowed only for allowlisted hosts (local development and tests): a webhook
  // carries usage data and a signature, which should not cross the internet in clear text.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowlisted(url, rt.guard.allowlist))) {
    return `usage_webhook_url must use https, got ${url.protocol.replace(':', '')}`;
  }
  const verdict = await checkUrl(url.href, rt.guard);
  return verdict.ok ? null : verdict.reason;
}

/** The settings as the API takes them: `opt_in_to_overage: null` means "not opted in". */
export type SettingsInput = Omit<WorkspaceSettingsPatch, 'opt_in_to_overage'> & { opt_in_to_overage?: boolean | null };

export async function applySettings(rt: WriteDeps & Pick<Runtime, 'guard' | 'secrets'>, ws: WorkspaceRow, input: SettingsInput): Promise<WorkspaceRow> {
  const patch: WorkspaceSettingsPatch = { ...input, ...(input.opt_in_to_overage === null ? { opt_in_to_overage: false } : {}) } as WorkspaceSettingsPatch;
  if (patch.opt_in_to_overage === true) {
    const caps = paidCapabilitiesOf(ws);
    if (caps.paused) requirePaidCapabilities(ws, 'Overage opt-in'); // 402 payment_required: fix the payment first
    if (!caps.paid) {
      throw new ServiceError('tier_required', `opt_in_to_overage needs a paid tier (starter, pro or team) with a card on file; ${caps.reason}. Upgrade first (POST /api/v1/billing/checkout, or \`siteqa admin workspace set-tier\` when self-hosted).`);
    }
  }
  if (typeof patch.usage_webhook_url === 'string') {
    const problem = await webhookUrlProblem(rt, patch.usage_webhook_url);
    if (problem) throw new ServiceError('invalid_webhook_url', `usage_webhook_url was refused: ${problem}. Use a public https endpoint.`);
  }
  const stored: WorkspaceSettingsPatch = { ...patch };
  if (typeof patch.usage_webhook_secret === 'string') stored.usage_webhook_secret = rt.secrets.seal(patch.usage_webhook_secret);
  const updated = await rt.store.workspaces.update(ws.id, stored, rt.clock.now());
  if (!updated) throw new ServiceError('not_found', 'The workspace no longer exists.');
  return updated;
}
