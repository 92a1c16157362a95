// Fixed-window rate-limit counters held in the database, so a limit holds across API processes.
import { sql, type Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database } from './schema.js';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends (a Retry-After source). */
  resetAt: Date;
}

export interface RateLimitsRepo {
  /**
   * Counts one hit in `bucket`'s current window of `windowSec` seconds (windows are aligned to the
   * epoch). Use one bucket name per limit: two limits sharing a bucket would share counts.
   */
  hit(bucket: string, windowSec: number, now: Date): Promise<RateLimitHit>;
}

export function createRateLimitsRepo(db: Kysely<Database>): RateLimitsRepo {
  return {
    async hit(bucket, windowSec, now) {
      const windowMs = Math.max(1, Math.floor(windowSec)) * 1000;
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      const resetAt = new Date(start + windowMs);
      // The upsert increments under the row lock, so concurrent hits each get a distinct count.
      const row = await db
        .insertInto('rate_limits')
        .values({ bucket, window_start: iso(new Date(start)), count: 1, reset_at: iso(resetAt) })
        .onConflict((oc) =>
          oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      // A bucket's first hit in a window (a new client, or a known one in a new window): windows that
      // have ended can never be hit again; dropping them keeps the table small. Housekeeping only: a
      // failure must not fail the hit, which is already counted.
      if (count === 1) await db.deleteFrom('rate_limits').where('reset_at', '<=', iso(now)).execute().catch(() => {});
      return { count, resetAt };
    },
  };
}
