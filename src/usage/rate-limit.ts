// Per-client fixed-window limits, counted in the database so they hold across API processes.
import type { WriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';

/** Counts one hit in `bucket`; past `limit` in the window, refuses with rate_limited and Retry-After. */
export async function enforceRateLimit(rt: WriteDeps, bucket: string, limit: number, windowSec: number): Promise<void> {
  const now = rt.clock.now();
  const { count, resetAt } = await rt.store.rateLimits.hit(bucket, windowSec, now);
  if (count > limit) {
    const retry = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    throw new ServiceError('rate_limited', `At most ${limit} requests per ${windowSec} s from one address here. Retry in ${retry} s.`, { retryAfterSec: retry });
  }
}
