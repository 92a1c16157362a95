// Workspace, subscription and outbox repositories on SQLite and Postgres: rows round-trip with
// booleans and nulls intact, the key hash is unique, one subscription per run wins a race.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { createTestRun, resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-09-01T00:00:00.000Z');
const T1 = new Date('2026-09-02T00:00:00.000Z');

describe.each(testDatabases())('workspace repositories on $name', (database) => {
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    store ??= await database.open();
    other ??= await database.open();
    await resetStore(store);
  });

  const newWs = (hash: string = randomUUID()) => store.workspaces.create({ id: randomUUID(), owner_email: 'o@site.example', display_name: null, tier: 'free', api_key_hash: hash, api_key_hint: 'sqa_live_…abcd', now: T0 });

  it('creates, finds by key hash, updates settings with nulls and booleans, and refuses a duplicate hash', async () => {
    const ws = await newWs('h1');
    expect(ws).toMatchObject({ tier: 'free', opt_in_to_overage: false, email_alerts_enabled: null, prepaid_credit_cents: 0, created_at: T0.toISOString() });
    expect((await other.workspaces.getByKeyHash('h1'))?.id).toBe(ws.id);
    const up = await store.workspaces.update(ws.id, { display_name: 'D', opt_in_to_overage: true, email_alerts_enabled: false, slack_alerts_enabled: true }, T1);
    expect(up).toMatchObject({ display_name: 'D', opt_in_to_overage: true, email_alerts_enabled: false, slack_alerts_enabled: true, updated_at: T1.toISOString() });
    expect(await store.workspaces.update(ws.id, { email_alerts_enabled: null }, T1)).toMatchObject({ email_alerts_enabled: null, display_name: 'D' });
    await expect(newWs('h1')).rejects.toThrow();
    const rotated = await store.workspaces.setKey(ws.id, 'h2', 'sqa_live_…wxyz', T1);
    expect(rotated?.api_key_hint).toBe('sqa_live_…wxyz');
    expect(await store.workspaces.getByKeyHash('h1')).toBeUndefined();
  });

  it('keeps one subscription per run when two instances race', async () => {
    const run = await createTestRun(store);
    const results = await Promise.all([store, other, store, other].map((s, i) =>
      s.reportSubscriptions.create({ id: randomUUID(), run_id: run.id, email: `e${i}@site.example`, unsubscribe_token_hash: randomUUID(), client_ip: null, now: T0 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.reportSubscriptions.countForEmailSince('e0@site.example', T0) + await store.reportSubscriptions.countForEmailSince('e1@site.example', T0)
      + await store.reportSubscriptions.countForEmailSince('e2@site.example', T0) + await store.reportSubscriptions.countForEmailSince('e3@site.example', T0)).toBe(1);
  });

  it('claims each usage alert once per workspace, period and threshold', async () => {
    const ws = await newWs();
    const claims = await Promise.all([store, other, store].map((s) => s.usage.claimAlert(ws.id, T0, 'usage.threshold_80', T0)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.usage.claimAlert(ws.id, T1, 'usage.threshold_80', T1)).toBe(true);
  });

  it('lets exactly `cap` of 12 concurrent calls from two instances through, and gives calls back', async () => {
    const ws = await newWs();
    const got = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).usage.consume(ws.id, T0, 5)));
    expect(got.filter((n) => n !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    await store.usage.release(ws.id, T0);
    expect(await store.usage.used(ws.id, T0)).toBe(4);
    expect(await store.usage.consume(ws.id, T0, 5)).toBe(5);
    expect(await store.usage.consume(ws.id, T0, null)).toBe(6);
    expect(await store.usage.used(ws.id, T1)).toBe(0);
  });

  it('lists the outbox oldest first', async () => {
    await store.mailOutbox.add({ id: 'b', to_address: 'b@site.example', subject: 's2', text_body: 't', html_body: 'h' }, T1);
    await store.mailOutbox.add({ id: 'a', to_address: 'a@site.example', subject: 's1', text_body: 't', html_body: 'h' }, T0);
    expect((await other.mailOutbox.list(10)).map((m) => m.subject)).toEqual(['s1', 's2']);
  });
});
