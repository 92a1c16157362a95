// Links in report emails: the shareable report, and the unsubscribe link whose token is an HMAC of
// the subscription id under the service's secret key (derived when needed, only its hash stored).
import { createHash } from 'node:crypto';
import type { Runtime } from '../runtime.js';
import type { RunRow } from '../store/index.js';
import { reportUrlFor } from '../runs/share-token.js';

export function unsubscribeToken(rt: Pick<Runtime, 'secrets'>, subscriptionId: string): string {
  return rt.secrets.mac(`unsubscribe:${subscriptionId}`);
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function mailLinks(rt: Pick<Runtime, 'config' | 'secrets'>, subscriptionId: string, run: RunRow) {
  return {
    report: `${rt.config.publicBaseUrl}${reportUrlFor(run.share_token)}`,
    unsubscribe: `${rt.config.publicBaseUrl}/api/v1/report-subscriptions/unsubscribe?token=${unsubscribeToken(rt, subscriptionId)}`,
  };
}
