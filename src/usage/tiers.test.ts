import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_TRIAL_MS, effectiveTier, TIER_TERMS, TIERS } from './tiers.js';

describe('tier terms', () => {
  it('match the table in docs/usage.md row for row', () => {
    const doc = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| (\d+) \| (yes|no) \|$/gm)].map((m) => [m[1], Number(m[2]), m[3] === 'yes']);
    expect(rows).toEqual(TIERS.map((t) => [t, TIER_TERMS[t].callsIncluded, TIER_TERMS[t].paid]));
  });

  it('lets agent_temp keep its terms for 7 days, then count as free; other tiers never change', () => {
    const created_at = '2026-05-01T00:00:00.000Z';
    const at = (ms: number) => new Date(Date.parse(created_at) + ms);
    expect(effectiveTier({ tier: 'agent_temp', created_at }, at(AGENT_TRIAL_MS - 1))).toBe('agent_temp');
    expect(effectiveTier({ tier: 'agent_temp', created_at }, at(AGENT_TRIAL_MS))).toBe('free');
    expect(effectiveTier({ tier: 'pro', created_at }, at(10 * AGENT_TRIAL_MS))).toBe('pro');
  });
});
