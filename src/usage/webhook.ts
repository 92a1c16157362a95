// Usage-webhook events: each event is a delivery row plus a durable job; a delivery is a signed
// POST through the URL guard, retried with backoff by the job loop and recorded on the row.
import { randomUUID } from 'node:crypto';
import { guardedPost } from '../notify/webhook-post.js';
import { signedHeaders } from '../notify/webhook-signature.js';
import { MAX_ATTEMPTS, type JobHandler } from '../jobs/loop.js';
import type { Runtime, WriteDeps } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import type { Usage } from './usage.js';

export type UsageEventType = 'usage.test' | 'usage.threshold_80' | 'usage.quota_reached' | 'usage.capped';
export const DELIVER_JOB = 'usage_webhook.deliver';

export interface DeliveryOutcome {
  delivery_id: string;
  delivered: boolean;
  response_status: number | null;
  error: string | null;
}

/** Writes the delivery row for one event and returns its id (the body is fixed now, signed at send time). */
async function recordEvent(rt: WriteDeps, ws: WorkspaceRow, type: UsageEventType, usage: Usage): Promise<string> {
  const id = randomUUID();
  const now = rt.clock.now();
  const body = JSON.stringify({ id, type, created_at: now.toISOString(), workspace_id: ws.id, usage });
  await rt.store.webhookDeliveries.create({ id, workspace_id: ws.id, event: type, body, now });
  return id;
}

/** One attempt at a delivery; records the outcome. Never throws for the receiver's failures. */
export async function attemptDelivery(rt: WriteDeps & Pick<Runtime, 'guard' | 'secrets'>, deliveryId: string): Promise<DeliveryOutcome> {
  const d = await rt.store.webhookDeliveries.get(deliveryId);
  const ws = d && (await rt.store.workspaces.get(d.workspace_id));
  if (!d || !ws) return { delivery_id: deliveryId, delivered: false, response_status: null, error: 'gone' };
  const attempt = d.attempts + 1;
  const fail = async (error: string, status: number | null) => {
    await rt.store.webhookDeliveries.record(deliveryId, { status: 'pending', response_status: status, error, attempts: attempt }, rt.clock.now());
    return { delivery_id: deliveryId, delivered: false, response_status: status, error };
  };
  if (!ws.usage_webhook_url || !ws.usage_webhook_secret) return fail('webhook no longer configured', null);
  const secret = rt.secrets.open(ws.usage_webhook_secret);
  try {
    const res = await guardedPost(ws.usage_webhook_url, signedHeaders(secret, rt.clock.now(), d.body, d.event, d.id), d.body, rt.guard);
    if (res.status < 200 || res.status >= 300) return fail(`receiver answered ${res.status}`, res.status);
    await rt.store.webhookDeliveries.record(deliveryId, { status: 'delivered', response_status: res.status, error: null, attempts: attempt }, rt.clock.now());
    return { delivery_id: deliveryId, delivered: true, response_status: res.status, error: null };
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), null);
  }
}

/** Queues an event for background delivery. */
export async function emitUsageEvent(rt: WriteDeps, ws: WorkspaceRow, type: UsageEventType, usage: Usage): Promise<string> {
  const id = await recordEvent(rt, ws, type, usage);
  const now = rt.clock.now();
  await rt.store.jobs.schedule({ id: `webhook:${id}`, kind: DELIVER_JOB, payload: { delivery_id: id }, runAt: now, now });
  return id;
}

/** The test endpoint's event: sent now, and left to the job loop for retries when this attempt fails. */
export async function sendTestEvent(rt: WriteDeps & Pick<Runtime, 'guard' | 'secrets'>, ws: WorkspaceRow, usage: Usage): Promise<DeliveryOutcome> {
  const id = await recordEvent(rt, ws, 'usage.test', usage);
  const outcome = await attemptDelivery(rt, id);
  if (!outcome.delivered) {
    const now = rt.clock.now();
    await rt.store.jobs.schedule({ id: `webhook:${id}`, kind: DELIVER_JOB, payload: { delivery_id: id }, runAt: new Date(now.getTime() + 30_000), now });
  }
  return outcome;
}

/** Job handler: a failed attempt throws, so the loop retries it with backoff; the last failure marks the row failed. */
export const deliverUsageWebhook: JobHandler = async (rt, job) => {
  const id = String(job.payload.delivery_id);
  const outcome = await attemptDelivery(rt, id);
  if (outcome.delivered || outcome.error === 'gone') return;
  if (job.attempts >= MAX_ATTEMPTS) {
    const attempts = (await rt.store.webhookDeliveries.get(id))?.attempts ?? job.attempts;
    await rt.store.webhookDeliveries.record(id, { status: 'failed', response_status: outcome.response_status, error: outcome.error, attempts }, rt.clock.now());
  }
  throw new Error(outcome.error ?? 'delivery failed');
};
