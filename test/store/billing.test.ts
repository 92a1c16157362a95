// Billing repositories on SQLite and Postgres: the provider customer is stored once however many
// instances race, the pause keeps its first time, an event id and a meter identifier are recorded
// once, and overage units are counted and taken exactly once under concurrency.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/store/connect.js';
import { openStore, type Store } from '../../src/store/index.js';
import { migrations } from '../../src/store/migrations/index.js';
import { resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-09-01T00:00:00.000Z');
const T1 = new Date('2026-09-02T00:00:00.000Z');

describe.each(testDatabases())('billing repositories on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  const newWs = (over: { tier?: string; requested_tier?: string | null } = {}) =>
    store.workspaces.create({ id: randomUUID(), owner_email: 'o@site.example', display_name: null, tier: over.tier ?? 'free', requested_tier: over.requested_tier ?? null, api_key_hash: randomUUID(), api_key_hint: 'sqa_live_…abcd', now: T0 });

  it('creates workspaces with empty billing columns and a requested tier kept apart from the tier', async () => {
    const ws = await newWs({ requested_tier: 'pro' });
    expect(ws).toMatchObject({ tier: 'free', requested_tier: 'pro', tier_source: null, billing_customer_id: null, billing_subscription_status: null, trial_ends_at: null, monitor_paused_at: null });
  });

  it('stores the first provider customer only, whichever of several instances wins', async () => {
    const ws = await newWs();
    const rows = await Promise.all(['cus_a', 'cus_b', 'cus_c', 'cus_d'].map((c, i) => (i % 2 ? other : store).workspaceBilling.setCustomerOnce(ws.id, c, T1)));
    const winner = rows[0]!.billing_customer_id;
    expect(rows.map((r) => r!.billing_customer_id)).toEqual([winner, winner, winner, winner]);
    expect((await other.workspaceBilling.getByCustomerId(winner!))?.id).toBe(ws.id);
    // Two workspaces never share a customer.
    const second = await newWs();
    await expect(store.workspaceBilling.setCustomerOnce(second.id, winner!, T1)).rejects.toThrow();
  });

  it('updates billing columns and keeps the first pause time until the pause is cleared', async () => {
    const ws = await newWs();
    const up = await store.workspaceBilling.update(ws.id, { tier: 'pro', tier_source: 'subscription', billing_subscription_id: 'sub_1', billing_subscription_status: 'past_due', opt_in_to_overage: true }, T1);
    expect(up).toMatchObject({ tier: 'pro', tier_source: 'subscription', billing_subscription_status: 'past_due', opt_in_to_overage: true, requested_tier: null });
    expect((await store.workspaceBilling.setPause(ws.id, T0, T1))?.monitor_paused_at).toBe(T0.toISOString());
    expect((await store.workspaceBilling.setPause(ws.id, T1, T1))?.monitor_paused_at).toBe(T0.toISOString());
    expect((await store.workspaceBilling.setPause(ws.id, null, T1))?.monitor_paused_at).toBeNull();
  });

  it('records a webhook event id once, also when instances race, and rolls it back with its transaction', async () => {
    const results = await Promise.all([store, other, store, other].map((s) => s.billingEvents.record({ event_id: 'evt_1', type: 'invoice.paid', workspace_id: null, outcome: 'x', now: T0 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    await expect(store.transaction(async (tx) => {
      await store.billingEvents.record({ event_id: 'evt_2', type: 'invoice.paid', workspace_id: null, outcome: 'x', now: T0 }, tx);
      throw new Error('processing failed');
    })).rejects.toThrow('processing failed');
    expect(await store.billingEvents.get('evt_2')).toBeUndefined();
  });

  it('keeps one meter event per identifier', async () => {
    const ws = await newWs();
    const e = { identifier: 'flow-run:1', workspace_id: ws.id, meter: 'service_run_starter', units: 1, billable_units: 1, state: 'pending' as const, customer_id: 'cus_x', now: T0 };
    const results = await Promise.all([store, other, store].map((s) => s.meterEvents.create(e)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await store.meterEvents.record('flow-run:1', { state: 'sent', attempts: 2, error: null, now: T1 });
    expect(await other.meterEvents.get('flow-run:1')).toMatchObject({ state: 'sent', attempts: 2, sent_at: T1.toISOString(), units: 1, billable_units: 1 });
  });

  it('counts several units against a cap in one step and hands out each overage unit once', async () => {
    const ws = await newWs();
    expect(await store.usage.consume(ws.id, T0, 10, 4)).toBe(4);
    expect(await store.usage.consume(ws.id, T0, 10, 7)).toBeNull();
    expect(await store.usage.consume(ws.id, T0, 10, 6)).toBe(10);
    expect(await store.usage.consume(ws.id, T0, 10, 11)).toBeNull();
    await store.usage.release(ws.id, T0, 6);
    expect(await store.usage.used(ws.id, T0)).toBe(4);
    await store.usage.addOverage(ws.id, T0, 5);
    const taken = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).usage.takeOverage(ws.id, T0, 1)));
    expect(taken.reduce((a, b) => a + b, 0)).toBe(5);
    await store.usage.addOverage(ws.id, T0, 2);
    await store.usage.addOverage(ws.id, T0, -5);
    expect(await store.usage.takeOverage(ws.id, T0, 3)).toBe(0);
  });

});

describe('migration 0005_billing over existing data', () => {
  it('keeps paid tiers created before billing as operator grants and leaves free ones alone (SQLite)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'siteqa-0005-'));
    const file = path.join(dir, 'old.db');
    try {
      const conn = await connect({ databaseUrl: null, dataDir: dir, sqliteFile: file });
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0005'));
      const { error } = await new Migrator({ db: conn.db, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(error).toBeUndefined();
      const row = (id: string, tier: string) => ({ id, owner_email: 'o@site.example', display_name: null, tier, api_key_hash: id, api_key_hint: 'h', opt_in_to_overage: 0, prepaid_credit_cents: 0, created_at: T0.toISOString(), updated_at: T0.toISOString() });
      await (conn.db as any).insertInto('workspaces').values([row('w-pro', 'pro'), row('w-free', 'free'), row('w-agent', 'agent_temp')]).execute();
      await conn.db.destroy();
      const store = await openStore({ databaseUrl: null, dataDir: dir, sqliteFile: file });
      try {
        expect((await store.workspaces.get('w-pro'))).toMatchObject({ tier: 'pro', tier_source: 'operator', requested_tier: null });
        expect((await store.workspaces.get('w-free'))?.tier_source).toBeNull();
        expect((await store.workspaces.get('w-agent'))?.tier_source).toBeNull();
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
