// A workspace's billing columns: tier grants, the provider customer (set once), the subscription
// state webhooks apply, and the billing pause. The billing service decides; this file only writes.
import { sql, type Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database, WorkspacesTable } from './schema.js';
import type { StoreTx } from './transaction.js';
import { toWorkspaceRow, type WorkspaceRow } from './workspaces.js';

/** The columns billing may change; undefined leaves a column as it is. */
export interface BillingPatch {
  tier?: string;
  tier_source?: 'operator' | 'subscription' | null;
  requested_tier?: string | null;
  billing_subscription_id?: string | null;
  billing_subscription_status?: string | null;
  trial_ends_at?: string | null;
  opt_in_to_overage?: boolean;
}

export interface WorkspaceBillingRepo {
  getByCustomerId(customerId: string, tx?: StoreTx): Promise<WorkspaceRow | undefined>;
  /**
   * Stores the provider customer unless the workspace has one already; returns the row as it is
   * afterwards, so concurrent first checkouts all use the customer that was stored first.
   */
  setCustomerOnce(id: string, customerId: string, now: Date, tx?: StoreTx): Promise<WorkspaceRow | undefined>;
  update(id: string, patch: BillingPatch, now: Date, tx?: StoreTx): Promise<WorkspaceRow | undefined>;
  /** Pausing keeps an earlier pause time (a second failed invoice does not move it); null clears it. */
  setPause(id: string, at: Date | null, now: Date, tx?: StoreTx): Promise<WorkspaceRow | undefined>;
}

export function createWorkspaceBillingRepo(db: Kysely<Database>): WorkspaceBillingRepo {
  return {
    async getByCustomerId(customerId, tx) {
      const row = await (tx?.db ?? db).selectFrom('workspaces').selectAll().where('billing_customer_id', '=', customerId).executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
    async setCustomerOnce(id, customerId, now, tx) {
      const q = tx?.db ?? db;
      await q.updateTable('workspaces').set({ billing_customer_id: customerId, updated_at: iso(now) }).where('id', '=', id).where('billing_customer_id', 'is', null).execute();
      const row = await q.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
    async update(id, patch, now, tx) {
      const values: Partial<WorkspacesTable> = { updated_at: iso(now) };
      for (const key of ['tier', 'tier_source', 'requested_tier', 'billing_subscription_id', 'billing_subscription_status', 'trial_ends_at'] as const) {
        if (patch[key] !== undefined) (values as Record<string, unknown>)[key] = patch[key];
      }
      if (patch.opt_in_to_overage !== undefined) values.opt_in_to_overage = patch.opt_in_to_overage ? 1 : 0;
      const row = await (tx?.db ?? db).updateTable('workspaces').set(values).where('id', '=', id).returningAll().executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
    async setPause(id, at, now, tx) {
      const pausedAt = at === null ? null : sql<string>`coalesce(monitor_paused_at, ${iso(at)})`;
      const row = await (tx?.db ?? db)
        .updateTable('workspaces')
        .set({ monitor_paused_at: pausedAt, updated_at: iso(now) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
  };
}
