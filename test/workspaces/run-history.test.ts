// Run history over real HTTP: POST /audits with a key attributes the run; GET /audits lists the
// workspace's runs newest first with limit default 10, max 100; anonymous runs stay anonymous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { call, grantedWorkspace, MovableClock, newWorkspace, publicLookup } from './helpers.js';

describe('run history', () => {
  let svc: TestService;
  const clock = new MovableClock(new Date('2026-03-01T09:00:00.000Z'));
  beforeAll(async () => {
    svc = await startTestService({ QA_AUDIT_RATE_LIMIT: '1000', QA_FREE_AUDIT_POOL: '1000', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false });
    svc.rt.guard.lookupAll = publicLookup;
    svc.rt.clock = clock;
  });
  afterAll(() => svc.stop());

  it('attributes keyed runs to the workspace and lists them newest first, 10 by default', async () => {
    const ws = await grantedWorkspace(svc, 'pro');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      const r = await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: `https://site.example/p${i}` } });
      expect(r.status).toBe(202);
      ids.push(r.json.run_id);
    }
    const anon = await call(svc.base, 'POST', '/audits', { body: { url: 'https://site.example/anon' } });
    expect((await svc.rt.store.runs.get(anon.json.run_id))?.workspace_id).toBeNull();
    expect((await svc.rt.store.runs.get(ids[0]!))?.workspace_id).toBe(ws.id);

    const list = await call(svc.base, 'GET', '/audits', { key: ws.key });
    expect(list.status).toBe(200);
    expect(list.json.runs.map((r: any) => r.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect(list.json.runs[0]).toEqual({
      id: ids[11], url: 'https://site.example/p11', status: 'queued', failure_reason: null,
      created_at: expect.any(String), finished_at: null, report_url: expect.stringMatching(/^\/r\//),
    });
    expect((await call(svc.base, 'GET', '/audits?limit=3', { key: ws.key })).json.runs.map((r: any) => r.id)).toEqual([ids[11], ids[10], ids[9]]);
    expect((await call(svc.base, 'GET', '/audits?limit=100', { key: ws.key })).json.runs).toHaveLength(12);
  });

  it('refuses limits outside 1..100 with 422 invalid_payload', async () => {
    const ws = await newWorkspace(svc.base);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5']) {
      const r = await call(svc.base, 'GET', `/audits?${q}`, { key: ws.key });
      expect([r.status, r.json.code], q).toEqual([422, 'invalid_payload']);
    }
  });

  it('does not hold keyed runs to the anonymous per-IP rate limit', async () => {
    const ws = await grantedWorkspace(svc, 'pro');
    svc.rt.config.auditRateLimit = 2;
    try {
      for (let i = 0; i < 4; i++) expect((await call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } })).status).toBe(202);
    } finally {
      svc.rt.config.auditRateLimit = 1000;
    }
  });
});
