// Usage counts: a workspace's metered units per billing period (taken atomically against its cap,
// so concurrent calls at the edge cannot overshoot it), the overage units not yet billed, the
// anonymous allowance already spent by an address, and the once-only claim that keeps each
// threshold alert to one per period.
import { sql, type Kysely } from 'kysely';
import { iso, toCount } from './codec.js';
import type { Database } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface UsageRepo {
  /** Metered calls counted in the period starting at periodStart. */
  used(workspaceId: string, periodStart: Date): Promise<number>;
  /**
   * Counts `units` (default one call) unless that would pass `cap` (null: no cap). Returns the new
   * count, or null when refused. The check and the increment are one statement, so racing calls
   * cannot pass the cap, and each caller's new count tells it exactly which of its units are overage.
   */
  consume(workspaceId: string, periodStart: Date, cap: number | null, units?: number, tx?: StoreTx): Promise<number | null>;
  /** Gives back units whose work was refused after they were counted. */
  release(workspaceId: string, periodStart: Date, units?: number, tx?: StoreTx): Promise<void>;
  /** Adds (or, negative, removes down to 0) overage units admitted and not yet billed. */
  addOverage(workspaceId: string, periodStart: Date, units: number, tx?: StoreTx): Promise<void>;
  /** Takes up to `units` unbilled overage units for one meter event; returns how many it took. */
  takeOverage(workspaceId: string, periodStart: Date, units: number, tx?: StoreTx): Promise<number>;
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
    async consume(workspaceId, periodStart, cap, units = 1, tx) {
      if (cap !== null && units > cap) return null;
      const row = await (tx?.db ?? db)
        .insertInto('usage_counters')
        .values({ workspace_id: workspaceId, period_start: iso(periodStart), used: units, overage_unbilled: 0 })
        .onConflict((oc) => {
          const bump = oc.columns(['workspace_id', 'period_start']).doUpdateSet({ used: sql<number>`usage_counters.used + ${units}` });
          return cap === null ? bump : bump.where(sql<number>`usage_counters.used + ${units}`, '<=', cap);
        })
        .returning('used')
        .executeTakeFirst();
      return row ? toCount(row.used) : null;
    },
    async release(workspaceId, periodStart, units = 1, tx) {
      await (tx?.db ?? db)
        .updateTable('usage_counters')
        .set({ used: sql<number>`used - ${units}` })
        .where('workspace_id', '=', workspaceId)
        .where('period_start', '=', iso(periodStart))
        .where('used', '>=', units)
        .execute();
    },
    async addOverage(workspaceId, periodStart, units, tx) {
      if (units === 0) return;
      await (tx?.db ?? db)
        .updateTable('usage_counters')
        .set({ overage_unbilled: units > 0 ? sql<number>`overage_unbilled + ${units}` : sql<number>`case when overage_unbilled > ${-units} then overage_unbilled - ${-units} else 0 end` })
        .where('workspace_id', '=', workspaceId)
        .where('period_start', '=', iso(periodStart))
        .execute();
    },
    async takeOverage(workspaceId, periodStart, units, tx) {
      const q = tx?.db ?? db;
      // Compare-and-set on the value read: two meter events never take the same overage unit.
      for (;;) {
        const row = await q.selectFrom('usage_counters').select('overage_unbilled').where('workspace_id', '=', workspaceId).where('period_start', '=', iso(periodStart)).executeTakeFirst();
        const available = toCount(row?.overage_unbilled);
        const take = Math.min(available, units);
        if (take <= 0) return 0;
        const res = await q
          .updateTable('usage_counters')
          .set({ overage_unbilled: available - take })
          .where('workspace_id', '=', workspaceId)
          .where('period_start', '=', iso(periodStart))
          .where('overage_unbilled', '=', available)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) return take;
      }
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
