// Usage-webhook signatures: HMAC-SHA256, keyed with the workspace's usage_webhook_secret, over
// `${timestamp}.${rawBody}`. Binding the timestamp lets receivers refuse replays of old deliveries.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'siteqa-signature';
export const TIMESTAMP_HEADER = 'siteqa-timestamp';
export const EVENT_HEADER = 'siteqa-event';
export const DELIVERY_HEADER = 'siteqa-delivery';

/** Hex HMAC-SHA256 of `${timestamp}.${rawBody}`. */
export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The headers of one delivery: `Siteqa-Signature: v1=<hex>` and the unix-seconds timestamp it covers. */
export function signedHeaders(secret: string, now: Date, rawBody: string, event: string, deliveryId: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: `v1=${signPayload(secret, timestamp, rawBody)}`,
    [EVENT_HEADER]: event,
    [DELIVERY_HEADER]: deliveryId,
  };
}

/** The receiver's side, as docs/webhooks.md shows it: constant-time compare, bounded clock skew. */
export function verifySignature(secret: string, headers: Record<string, string | undefined>, rawBody: string, nowSec: number, toleranceSec = 300): boolean {
  const ts = Number(headers[TIMESTAMP_HEADER]);
  const sig = /^v1=([0-9a-f]{64})$/.exec(headers[SIGNATURE_HEADER] ?? '')?.[1];
  if (!Number.isInteger(ts) || !sig || Math.abs(nowSec - ts) > toleranceSec) return false;
  const expected = Buffer.from(signPayload(secret, ts, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
