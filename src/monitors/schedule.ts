// When a monitor runs: slots every hour or every day, each monitor shifted by its own fixed offset
// (from its id) so that monitors do not all start at :00 — hourly ones spread over 15 minutes,
// daily ones over 2 hours. Pure.
import { createHash } from 'node:crypto';

export const CADENCES = ['daily', 'hourly'] as const;
export type Cadence = (typeof CADENCES)[number];

const PERIOD_MS: Record<Cadence, number> = { hourly: 3_600_000, daily: 86_400_000 };
export const JITTER_MS: Record<Cadence, number> = { hourly: 15 * 60_000, daily: 2 * 3_600_000 };

export function isCadence(v: unknown): v is Cadence {
  return typeof v === 'string' && (CADENCES as readonly string[]).includes(v);
}

/** The monitor's fixed offset within its period, in [0, JITTER_MS[cadence]). */
export function jitterMs(monitorId: string, cadence: Cadence): number {
  const n = createHash('sha256').update(monitorId).digest().readUInt32BE(0);
  return n % JITTER_MS[cadence];
}

/** The first slot strictly after `after`: k × period + the monitor's offset. */
export function nextSlot(monitorId: string, cadence: Cadence, after: Date): Date {
  const period = PERIOD_MS[cadence];
  const offset = jitterMs(monitorId, cadence);
  const k = Math.floor((after.getTime() - offset) / period) + 1;
  return new Date(k * period + offset);
}
