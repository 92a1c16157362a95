// The official `stripe` client, built once per runtime from config. STRIPE_API_BASE becomes the
// client's host, port and protocol options, so tests talk to a loopback stand-in of the provider
// through the real client; nothing here speaks HTTP to the provider by hand.
import Stripe from 'stripe';
import type { Config } from '../config/index.js';
import { ServiceError } from '../service-error.js';
import type { Runtime } from '../runtime.js';

export type StripeClient = Stripe;

/** Client options for an API base (null: the provider's own). Secrets are not part of them. */
export function stripeOptions(apiBase: string | null): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = {
    // One automatic retry of network failures and 5xx (the client adds an idempotency key to POSTs
    // without one); our own durable retries sit above it.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'siteqa' },
  };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const clients = new WeakMap<Config, Stripe>();

/** Checkout, portal and metering need the secret key; the webhook also needs its signing secret. */
export function billingConfigured(config: Config, part: 'api' | 'webhook' = 'api'): boolean {
  return Boolean(config.stripeSecretKey) && (part === 'api' || Boolean(config.stripeWebhookSecret));
}

/** The runtime's client; 503 billing_unconfigured when the payment provider is not configured. */
export function stripeFor(rt: Pick<Runtime, 'config'>, part: 'api' | 'webhook' = 'api'): Stripe {
  if (!billingConfigured(rt.config, part)) {
    const missing = part === 'webhook' ? 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ServiceError('billing_unconfigured', `Billing is not configured on this installation (${missing} unset). Operators grant tiers with \`siteqa admin workspace set-tier\`; see /docs/billing.`);
  }
  let client = clients.get(rt.config);
  if (!client) {
    client = new Stripe(rt.config.stripeSecretKey!, stripeOptions(rt.config.stripeApiBase));
    clients.set(rt.config, client);
  }
  return client;
}

/**
 * What went wrong at the provider, safe to put in a hint or a log: the error's type, code, HTTP
 * status and request id. The provider's message is left out: it can quote parts of a key.
 */
export function describeProviderError(err: unknown): string {
  if (err instanceof Stripe.errors.StripeError) {
    const parts = [err.rawType ?? err.type, err.code, err.statusCode ? `HTTP ${err.statusCode}` : null, err.requestId ? `request ${err.requestId}` : null];
    return parts.filter(Boolean).join(', ');
  }
  if (err instanceof ServiceError) return err.code; // e.g. billing_unconfigured when a job runs after the key was removed
  return err instanceof Error ? err.name : 'unknown error';
}

export const isProviderError = (err: unknown): boolean => err instanceof Stripe.errors.StripeError;
