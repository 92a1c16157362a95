// Tiers as data: metered calls included per billing period, and whether the tier is paid (which
// unlocks overage opt-in, monitors and flows once a card is on file). docs/usage.md lists the same
// table; a test holds them together.

export const TIERS = ['free', 'agent_temp', 'starter', 'pro', 'team'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierTerms {
  /** Metered calls (runs attributed to the workspace) included per monthly period. */
  callsIncluded: number;
  /** Paid tiers may opt in to overage; the others always stop at the hard cap. */
  paid: boolean;
}

export const TIER_TERMS: Record<Tier, TierTerms> = {
  free: { callsIncluded: 50, paid: false },
  agent_temp: { callsIncluded: 100, paid: false },
  starter: { callsIncluded: 500, paid: true },
  pro: { callsIncluded: 2_000, paid: true },
  team: { callsIncluded: 10_000, paid: true },
};

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function termsOf(tier: string): TierTerms {
  // An unknown stored tier (a tier retired after the fact) is treated as free, never as paid.
  return isTier(tier) ? TIER_TERMS[tier] : TIER_TERMS.free;
}

/** How long `agent_temp` (the no-card trial an agent self-provisions) keeps its terms before counting as free. */
export const AGENT_TRIAL_MS = 7 * 24 * 3600_000;

/** The tier whose terms apply at `now`: a stored agent_temp older than its trial is free. */
export function effectiveTier(ws: { tier: string; created_at: string }, now: Date): string {
  if (ws.tier === 'agent_temp' && now.getTime() - new Date(ws.created_at).getTime() >= AGENT_TRIAL_MS) return 'free';
  return ws.tier;
}
