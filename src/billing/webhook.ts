// The provider's webhook: the raw body's signature is verified by the official library (with our
// clock, 5 minutes of tolerance), each event id is processed once, and every handled event is
// answered by fetching the subscription it concerns now, so replays and out-of-order deliveries
// converge on the provider's current state. Effects and the event id commit together.
import Stripe from 'stripe';
import { ServiceError } from '../service-error.js';
import type { Runtime, LoggedWriteDeps } from '../runtime.js';
import { applySubscription, factsOf, workspaceOf } from './subscription-state.js';
import { describeProviderError, isProviderError, stripeFor } from './stripe-client.js';
import { pointerOf } from './webhook-events.js';

export const SIGNATURE_TOLERANCE_SEC = 300;

export interface WebhookReceipt {
  received: true;
  event_id: string;
  type: string;
  /** True when the event id was processed before: nothing changed. */
  duplicate: boolean;
  /** What processing did ("not handled" for event types billing ignores). */
  outcome: string;
}

class AlreadyRecorded extends Error {}

function verify(rt: Pick<Runtime, 'config' | 'clock'>, stripe: Stripe, raw: Buffer, signature: string | undefined): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(raw, signature ?? '', rt.config.stripeWebhookSecret!, SIGNATURE_TOLERANCE_SEC, undefined, rt.clock.now().getTime());
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new ServiceError('bad_signature', `The Stripe-Signature header does not verify: ${err.message.split('.')[0]}. Send the raw body exactly as the provider signed it, within ${SIGNATURE_TOLERANCE_SEC} s of its timestamp.`);
    }
    throw new ServiceError('missing_event_id', 'The signed body is not a JSON provider event.');
  }
}

async function fetchSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (err) {
    if (isProviderError(err) && (err as { statusCode?: number }).statusCode === 404) return null;
    if (isProviderError(err)) throw new ServiceError('provider_unavailable', `The payment provider did not return subscription ${id} (${describeProviderError(err)}); nothing was changed. The provider redelivers the event.`);
    throw err;
  }
}

export async function receiveWebhook(rt: LoggedWriteDeps & Pick<Runtime, 'config'>, raw: Buffer, signature: string | undefined): Promise<WebhookReceipt> {
  const stripe = stripeFor(rt, 'webhook');
  const event = verify(rt, stripe, raw, signature);
  if (!event || typeof event.id !== 'string' || event.id === '' || typeof event.type !== 'string') {
    throw new ServiceError('missing_event_id', 'The signed body is an event without an id; it cannot be processed exactly once.');
  }
  const receipt = (duplicate: boolean, outcome: string): WebhookReceipt => ({ received: true, event_id: event.id, type: event.type, duplicate, outcome });
  const seen = await rt.store.billingEvents.get(event.id);
  if (seen) return receipt(true, seen.outcome);

  // The provider is asked before the transaction opens: no remote call holds a database lock.
  const pointer = pointerOf(event);
  const subscription = pointer ? await fetchSubscription(stripe, pointer.subscriptionId) : null;
  try {
    const outcome = await rt.store.transaction(async (tx) => {
      let workspaceId: string | null = null;
      let outcome = pointer ? `subscription ${pointer.subscriptionId} not found at the provider` : 'not handled';
      if (subscription) {
        const facts = factsOf(subscription);
        const ws = await workspaceOf(rt, facts, tx, pointer!.workspaceHint);
        workspaceId = ws?.id ?? null;
        outcome = ws ? await applySubscription(rt, ws, facts, tx) : `no workspace for customer ${facts.customerId}`;
      }
      const first = await rt.store.billingEvents.record({ event_id: event.id, type: event.type, workspace_id: workspaceId, outcome, now: rt.clock.now() }, tx);
      if (!first) throw new AlreadyRecorded(); // a concurrent delivery of the same event won: roll ours back
      return outcome;
    });
    rt.log.info({ event_id: event.id, type: event.type, outcome }, 'billing event processed');
    return receipt(false, outcome);
  } catch (err) {
    if (!(err instanceof AlreadyRecorded)) throw err;
    return receipt(true, (await rt.store.billingEvents.get(event.id))?.outcome ?? 'processed by a concurrent delivery');
  }
}
