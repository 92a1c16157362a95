// Usage counts: a workspace's metered calls per billing period (taken atomically against its cap,
// so concurrent calls at the edge cannot overshoot it), the anonymous allowance already spent by an
// address, and the once-only claim that keeps each threshold alert to one per period.
import { sql, type Kysely } from 'kysely';
import { iso, toCount } from './codec.js';
import type { Database } from './schema.js';

export interface UsageRepo {
  /** Metered calls counted in the period starting at periodStart. */
  used(workspaceId: string, periodStart: Date): Promise<number>;
  /**
   * Counts one call unless `cap` calls are already counted (null: no cap). Returns the new count, or
   * null when refused. The check and the increment are one statement, so racing calls cannot pass the cap.
   */
  consume(workspaceId: string, periodStart: Date, cap: number | null): Promise<number | null>;
  /** Gives back a call whose work was refused after it was counted. */
  release(workspaceId: string, periodStart: Date): Promise<void>;
  /** Hits already counted in a rate-limit bucket's window starting at windowStart (no hit is added). */
  bucketCount(bucket: string, windowStart: Date): Promise<number>;
  /** True for the first caller only, per workspace, period and threshold. */
  claimAlert(workspaceId: string, periodStart: Date, threshold: string, now: Date): Promise<boolean>;
}

export function createUsageRepo(db: Kysely<Database>): UsageRepo {
  return {
    async used(workspaceId, periodStart) {
      const row = await db.selectFrom('usage_counters').select('used').where('workspace_id', '=', workspaceId).where('period_start', '=', iso(periodStart)).executeTakeFirst();
      return toCount(row?.used);
    },
    async consume(workspaceId, periodStart, cap) {
      if (cap !== null && cap <= 0) return null;
      const row = await db
        .insertInto('usage_counters')
        .values({ workspace_id: workspaceId, period_start: iso(periodStart), used: 1 })
        .onConflict((oc) => {
          const bump = oc.columns(['workspace_id', 'period_start']).doUpdateSet({ used: sql<number>`usage_counters.used + 1` });
          return cap === null ? bump : bump.where('usage_counters.used', '<', cap);
        })
        .returning('used')
        .executeTakeFirst();
      return row ? toCount(row.used) : null;
    },
    async release(workspaceId, periodStart) {
      await db
        .updateTable('usage_counters')
        .set({ used: sql<number>`used - 1` })
        .where('workspace_id', '=', workspaceId)
        .where('period_start', '=', iso(periodStart))
        .where('used', '>', 0)
        .execute();
    },
    async bucketCount(bucket, windowStart) {
      const row = await db
        .selectFrom('rate_limits')
        .select('count')
        .where('bucket', '=', bucket)
        .where('window_start', '=', iso(windowStart))
        .executeTakeFirst();
      return toCount(row?.count);
    },
    async claimAlert(workspaceId, periodStart, threshold, now) {
      const res = await db
        .insertInto('usage_alerts')
        .values({ workspace_id: workspaceId, period_start: iso(periodStart), threshold, created_at: iso(now) })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}
