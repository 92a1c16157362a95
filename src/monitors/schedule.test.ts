import { describe, expect, it } from 'vitest';
import { JITTER_MS, jitterMs, nextSlot } from './schedule.js';

describe('monitor slots', () => {
  const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('keeps each monitor at a fixed offset within the jitter window, spread over it', () => {
    for (const cadence of ['hourly', 'daily'] as const) {
      const offsets = ids.map((id) => jitterMs(id, cadence));
      expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...offsets)).toBeLessThan(JITTER_MS[cadence]);
      // Spread: the 400 monitors fall into at least 10 of 15 equal buckets.
      expect(new Set(offsets.map((o) => Math.floor((o / JITTER_MS[cadence]) * 15))).size).toBeGreaterThanOrEqual(10);
      expect(jitterMs(ids[0]!, cadence)).toBe(jitterMs(ids[0]!, cadence));
    }
  });

  it('gives the first slot strictly after a time, one period apart', () => {
    const id = ids[7]!;
    const t = new Date('2026-11-24T10:20:00Z');
    const hourly = nextSlot(id, 'hourly', t);
    expect(hourly.getTime()).toBeGreaterThan(t.getTime());
    expect(hourly.getTime() - t.getTime()).toBeLessThanOrEqual(3_600_000);
    expect(nextSlot(id, 'hourly', hourly).getTime() - hourly.getTime()).toBe(3_600_000);
    expect((hourly.getTime() % 3_600_000)).toBe(jitterMs(id, 'hourly'));
    const daily = nextSlot(id, 'daily', t);
    expect(nextSlot(id, 'daily', daily).getTime() - daily.getTime()).toBe(86_400_000);
    expect(daily.getTime() - t.getTime()).toBeLessThanOrEqual(86_400_000);
  });
});
