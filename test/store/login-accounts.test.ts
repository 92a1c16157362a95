// Which test account a run signs in with, on SQLite and Postgres: the workspace's stored flow
// credentials by name (the most recently updated one across its flows, never another workspace's),
// the first account of the model with both NAME and NAME_PASSWORD stored, or why none.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginInputFor } from '../../src/app-models/login-plan.js';
import type { Store } from '../../src/store/index.js';
import { createSecretBox } from '../../src/workspaces/secret-box.js';
import { resetStore, testDatabases } from '../support/db.js';

const T0 = new Date('2026-09-01T00:00:00.000Z');
const T1 = new Date('2026-09-02T00:00:00.000Z');
const box = createSecretBox('test key for login accounts');
const doc = { login: { url: '/login', accounts: ['SHOP_ADMIN', 'SHOP_USER'], success: { text: 'Welcome' } } };

describe.each(testDatabases())('login accounts on $name', (database) => {
  let store: Store;
  beforeEach(async () => {
    store ??= await database.open();
    await resetStore(store);
  });

  const workspace = async () => (await store.workspaces.create({ id: randomUUID(), owner_email: 'o@site.example', display_name: null, tier: 'starter', api_key_hash: randomUUID(), api_key_hint: 'h', now: T0 })).id;
  const flow = async (wsId: string, creds: Record<string, string>, now: Date) => {
    const f = await store.flows.create({ id: randomUUID(), workspace_id: wsId, name: randomUUID(), status: 'draft', url: 'https://shop.example/', test_case: null, spec: {}, diagnostics: [], now });
    await store.flows.putCredentials(f!.id, Object.fromEntries(Object.entries(creds).map(([k, v]) => [k, box.seal(v)])), now);
  };

  it('takes the first account with both credentials, each name from the flow that stored it last, and only from its own workspace', async () => {
    const ws = await workspace();
    const other = await workspace();
    await flow(other, { SHOP_ADMIN: 'root@shop.example', SHOP_ADMIN_PASSWORD: 'other-workspace' }, T1);
    await flow(ws, { SHOP_ADMIN: 'admin@shop.example', SHOP_USER: 'old@shop.example', SHOP_USER_PASSWORD: 'old-password' }, T0);
    await flow(ws, { SHOP_USER: 'ada@shop.example', SHOP_USER_PASSWORD: 'new-password' }, T1);
    expect(Object.keys(await store.flows.workspaceCredentials(ws, ['SHOP_ADMIN', 'SHOP_ADMIN_PASSWORD'])).sort()).toEqual(['SHOP_ADMIN']);
    expect(await store.flows.workspaceCredentials(ws, [])).toEqual({});
    const input = await loginInputFor(doc, 'https://shop.example/account', ws, store, box);
    expect(input).toEqual({ plan: { account: 'SHOP_USER', url: 'https://shop.example/login', username: 'ada@shop.example', password: 'new-password', success: { text: 'Welcome' } } });
  });

  it('says why not: no account stored, no account named, no model login', async () => {
    const ws = await workspace();
    await flow(ws, { SHOP_USER: 'ada@shop.example' }, T0);
    const none = await loginInputFor(doc, 'https://shop.example/', ws, store, box);
    expect(none).toMatchObject({ skipped: { account: 'SHOP_ADMIN', url: 'https://shop.example/login' } });
    expect((none as any).skipped.reason).toContain('SHOP_ADMIN and SHOP_ADMIN_PASSWORD; or SHOP_USER and SHOP_USER_PASSWORD');
    expect(await loginInputFor({ login: { url: '/login' } }, 'https://shop.example/', ws, store, box)).toMatchObject({ skipped: { account: null } });
    expect(await loginInputFor({ notes: 'no login' }, 'https://shop.example/', ws, store, box)).toBeNull();
  });
});
