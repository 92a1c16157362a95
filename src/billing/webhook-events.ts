// The provider event types billing handles, each reduced to "which subscription to look at again"
// (and, for checkout, which workspace asked). docs/billing.md lists the same table.
import type Stripe from 'stripe';

export interface SubscriptionPointer {
  subscriptionId: string;
  /** The workspace our checkout named (client_reference_id), for a customer not stored yet. */
  workspaceHint: string | null;
}

type Reader = (object: Record<string, unknown>) => SubscriptionPointer | null;

const idOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);

const subscriptionEvent: Reader = (o) => {
  const id = idOf(o.id);
  return id ? { subscriptionId: id, workspaceHint: null } : null;
};

const checkoutCompleted: Reader = (o) => {
  const session = o as unknown as Stripe.Checkout.Session;
  const id = session.mode === 'subscription' ? idOf(session.subscription) : null;
  return id ? { subscriptionId: id, workspaceHint: session.client_reference_id ?? null } : null;
};

const invoiceEvent: Reader = (o) => {
  const invoice = o as unknown as Stripe.Invoice & { subscription?: unknown };
  // Current API versions name the subscription under parent; older ones at the top level.
  const id = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  return id ? { subscriptionId: id, workspaceHint: null } : null;
};

export const HANDLED_EVENTS: Record<string, Reader> = {
  'checkout.session.completed': checkoutCompleted,
  'customer.subscription.created': subscriptionEvent,
  'customer.subscription.updated': subscriptionEvent,
  'customer.subscription.deleted': subscriptionEvent,
  'customer.subscription.paused': subscriptionEvent,
  'customer.subscription.resumed': subscriptionEvent,
  'invoice.paid': invoiceEvent,
  'invoice.payment_failed': invoiceEvent,
};

/** The subscription an event is about, or null for types we do not handle (and objects without one). */
export function pointerOf(event: Pick<Stripe.Event, 'type' | 'data'>): SubscriptionPointer | null {
  const read = Object.hasOwn(HANDLED_EVENTS, event.type) ? HANDLED_EVENTS[event.type] : undefined;
  const object = event.data?.object as unknown as Record<string, unknown> | undefined;
  return read && object && typeof object === 'object' ? read(object) : null;
}
