// A workspace's customer at the payment provider: created on its first checkout and reused for
// every later checkout, the portal and meter events. Concurrent first checkouts end with one.
import type { Runtime } from '../runtime.js';
import type { WorkspaceRow } from '../store/index.js';
import type { StripeClient } from './stripe-client.js';

export async function ensureCustomer(rt: Runtime, stripe: StripeClient, ws: WorkspaceRow): Promise<string> {
  if (ws.billing_customer_id) return ws.billing_customer_id;
  // The key makes concurrent first checkouts get the same customer back from the provider; the
  // store keeps the first one written in any case.
  const created = await stripe.customers.create(
    { email: ws.owner_email, ...(ws.display_name ? { name: ws.display_name } : {}), metadata: { workspace_id: ws.id } },
    { idempotencyKey: `siteqa-customer-${ws.id}` },
  );
  const row = await rt.store.workspaceBilling.setCustomerOnce(ws.id, created.id, rt.clock.now());
  return row?.billing_customer_id ?? created.id;
}
