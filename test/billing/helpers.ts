// Shared by the billing suites: a service wired to the provider stand-in, signed webhook deliveries,
// and a workspace taken through checkout as a customer would (POST /workspaces, checkout, pay, webhook).
import type { Clock } from '../../src/runtime.js';
import type { Store } from '../../src/store/index.js';
import { startTestService, type TestService } from '../support/service.js';
import { providerEvent, signatureHeader } from '../support/stripe-form.js';
import { STANDIN_KEY, type StripeStandin } from '../support/stripe-standin.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

export const WHSEC = 'whsec_standin_0123456789abcdef';

export function startBillingService(standin: StripeStandin, opts: { store?: Store; env?: Record<string, string> } = {}): Promise<TestService> {
  return startTestService({
    STRIPE_SECRET_KEY: STANDIN_KEY, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_BASE: standin.url,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080', QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', ...opts.env,
  }, { worker: false, store: opts.store });
}

export interface Delivery {
  status: number;
  json: any;
}

/** POSTs `event` to the webhook signed as the provider signs (override the header, secret or time to test refusals). */
export async function deliver(svc: TestService, event: unknown, opts: { clock?: Clock; secret?: string; ageSec?: number; header?: string | null; raw?: string; contentType?: string | null } = {}): Promise<Delivery> {
  const payload = opts.raw ?? JSON.stringify(event);
  const t = Math.floor((opts.clock ?? svc.rt.clock).now().getTime() / 1000) - (opts.ageSec ?? 0);
  const header = opts.header === undefined ? signatureHeader(payload, opts.secret ?? WHSEC, t) : opts.header;
  const res = await fetch(`${svc.base}/api/v1/billing/webhook`, {
    method: 'POST',
    headers: {
      ...(opts.contentType === null ? {} : { 'content-type': opts.contentType ?? 'application/json; charset=utf-8' }),
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: opts.contentType === null ? new Blob([payload]) : payload,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export interface Subscribed {
  key: string;
  id: string;
  subscriptionId: string;
}

/** A workspace asking for `tier` at creation, checked out and paid at the stand-in, confirmed by the webhook. */
export async function subscribedWorkspace(svc: TestService, standin: StripeStandin, tier = 'pro'): Promise<Subscribed> {
  const ws = await newWorkspace(svc.base, { tier });
  const checkout = await call(svc.base, 'POST', '/billing/checkout', { key: ws.key, body: { workspace_id: ws.id, tier } });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}: ${JSON.stringify(checkout.json)}`);
  const nowSec = Math.floor(svc.rt.clock.now().getTime() / 1000);
  const { session, subscription } = standin.completeCheckout(checkout.json.session_id, 'trialing', nowSec);
  const delivered = await deliver(svc, providerEvent('checkout.session.completed', session, nowSec));
  if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}: ${JSON.stringify(delivered.json)}`);
  return { key: ws.key, id: ws.id, subscriptionId: subscription.id };
}
