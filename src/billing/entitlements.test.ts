import { describe, expect, it } from 'vitest';
import { ServiceError } from '../service-error.js';
import { paidCapabilitiesOf, requirePaidCapabilities, type BillingStanding } from './entitlements.js';

const ws = (over: Partial<BillingStanding>): BillingStanding & { id: string } => ({
  id: 'ws-1', tier: 'free', tier_source: null, requested_tier: null, billing_subscription_status: null, monitor_paused_at: null, ...over,
});

describe('paid capabilities', () => {
  it.each([
    ['free', ws({}), { paid: false, paused: false }],
    ['agent_temp', ws({ tier: 'agent_temp' }), { paid: false, paused: false }],
    ['a pending requested tier', ws({ requested_tier: 'pro' }), { paid: false, paused: false }],
    ['an operator grant', ws({ tier: 'team', tier_source: 'operator' }), { paid: true, paused: false }],
    ['a trialing subscription', ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'trialing' }), { paid: true, paused: false }],
    ['an active subscription', ws({ tier: 'starter', tier_source: 'subscription', billing_subscription_status: 'active' }), { paid: true, paused: false }],
    ['a past_due subscription', ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'past_due', monitor_paused_at: '2026-01-01T00:00:00.000Z' }), { paid: false, paused: true }],
    ['an unpaid subscription', ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'unpaid' }), { paid: false, paused: true }],
    ['an incomplete subscription', ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'incomplete' }), { paid: false, paused: false }],
    ['a paid tier with no source (never written by billing)', ws({ tier: 'pro' }), { paid: false, paused: false }],
    ['an unknown stored tier', ws({ tier: 'platinum', tier_source: 'operator' }), { paid: false, paused: false }],
  ])('%s', (_name, standing, expected) => {
    const caps = paidCapabilitiesOf(standing);
    expect(caps).toMatchObject(expected);
    expect(caps.reason === null).toBe(caps.paid);
  });

  it('refuses with 402 payment_required: checkout in the hint when there is no card, the portal when billing is paused', () => {
    const refusal = (standing: BillingStanding & { id: string }) => {
      try {
        requirePaidCapabilities(standing, 'Monitors');
      } catch (err) {
        return err as ServiceError;
      }
      return null;
    };
    const free = refusal(ws({ requested_tier: 'pro' }));
    expect(free).toBeInstanceOf(ServiceError);
    expect([free?.code, free?.hint]).toEqual(['payment_required', expect.stringMatching(/POST \/api\/v1\/billing\/checkout.*ws-1.*waiting for checkout|waiting for checkout.*POST \/api\/v1\/billing\/checkout/)]);
    const paused = refusal(ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'past_due' }));
    expect([paused?.code, paused?.hint]).toEqual(['payment_required', expect.stringMatching(/past_due.*billing\/portal/)]);
    expect(refusal(ws({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'trialing' }))).toBeNull();
  });
});
