// The provider-side catalogue, found by lookup key and created on first use (no dashboard setup):
// one monthly plan price per paid tier at 29.00 USD, and one metered price per meter at 0.10 USD a
// unit, each backed by a billing meter of the same event name. Keys are listed in docs/billing.md.
import type { StripeClient } from './stripe-client.js';

export const PAID_TIERS = ['starter', 'pro', 'team'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const METERS = ['service_run_starter', 'service_run_pro'] as const;
export type MeterName = (typeof METERS)[number];

export const CURRENCY = 'usd';
/** The spec's checkout amount, the same for every paid tier (cents). */
export const PLAN_AMOUNT_CENTS = 2900;
/** The spec's metered price per metered run (cents). */
export const METERED_UNIT_CENTS = 10;

export const PLAN_LOOKUP_KEYS: Record<PaidTier, string> = {
  starter: 'siteqa_starter_monthly',
  pro: 'siteqa_pro_monthly',
  team: 'siteqa_team_monthly',
};
export const METER_LOOKUP_KEYS: Record<MeterName, string> = {
  service_run_starter: 'siteqa_service_run_starter',
  service_run_pro: 'siteqa_service_run_pro',
};

export const isPaidTier = (t: string): t is PaidTier => (PAID_TIERS as readonly string[]).includes(t);

/** The tier a subscription's plan price stands for (plan changes in the portal change the price). */
export function tierOfLookupKey(key: string | null | undefined): PaidTier | null {
  return PAID_TIERS.find((t) => PLAN_LOOKUP_KEYS[t] === key) ?? null;
}

async function meterId(stripe: StripeClient, meter: MeterName): Promise<string> {
  for await (const m of stripe.billing.meters.list({ status: 'active', limit: 100 })) if (m.event_name === meter) return m.id;
  const created = await stripe.billing.meters.create({
    display_name: `siteqa ${meter}`,
    event_name: meter,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
    value_settings: { event_payload_key: 'value' },
  }, { idempotencyKey: `siteqa-meter-${meter}` });
  return created.id;
}

async function createPrice(stripe: StripeClient, key: string): Promise<string> {
  const meter = METERS.find((m) => METER_LOOKUP_KEYS[m] === key);
  const tier = tierOfLookupKey(key);
  const price = meter
    ? await stripe.prices.create({
      currency: CURRENCY, unit_amount: METERED_UNIT_CENTS, lookup_key: key,
      recurring: { interval: 'month', usage_type: 'metered', meter: await meterId(stripe, meter) },
      product_data: { name: meter === 'service_run_starter' ? 'siteqa metered run (flows)' : 'siteqa metered run (chaos)', metadata: { siteqa_meter: meter } },
    }, { idempotencyKey: `siteqa-price-${key}` })
    : await stripe.prices.create({
      currency: CURRENCY, unit_amount: PLAN_AMOUNT_CENTS, lookup_key: key, recurring: { interval: 'month' },
      product_data: { name: `siteqa ${tier}`, metadata: { siteqa_tier: String(tier) } },
    }, { idempotencyKey: `siteqa-price-${key}` });
  return price.id;
}

/** Price ids for a checkout of `tier`: the plan first, then the two metered prices. */
export async function checkoutPrices(stripe: StripeClient, tier: PaidTier): Promise<string[]> {
  const keys = [PLAN_LOOKUP_KEYS[tier], METER_LOOKUP_KEYS.service_run_starter, METER_LOOKUP_KEYS.service_run_pro];
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: keys.length });
  const byKey = new Map(found.data.map((p) => [p.lookup_key, p.id]));
  const ids: string[] = [];
  for (const key of keys) ids.push(byKey.get(key) ?? (await createPrice(stripe, key)));
  return ids;
}
