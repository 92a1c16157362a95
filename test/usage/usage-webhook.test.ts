// The usage webhook over real HTTP with a loopback receiver (allowlisted): the signed test event
// verifies with the documented recipe, failures are recorded and retried with backoff by the job
// loop, and crossing 80 % / 100 % of the quota sends one event each.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tick } from '../../src/jobs/loop.js';
import { DELIVER_JOB, deliverUsageWebhook } from '../../src/usage/webhook.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, MovableClock, newWorkspace, publicLookup } from '../workspaces/helpers.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('usage webhook', () => {
  let svc: TestService;
  let receiver: http.Server;
  let hookUrl: string;
  let answer = 204;
  const received: Received[] = [];
  const clock = new MovableClock(new Date('2026-06-01T12:00:00.000Z'));
  const handlers = { [DELIVER_JOB]: deliverUsageWebhook };
  const SECRET = 'whsec_test_0123456789';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    hookUrl = `http://127.0.0.1:${port}/usage-hook`;
    svc = await startTestService({ QA_URL_ALLOWLIST: `127.0.0.1:${port}`, QA_FREE_AUDIT_POOL: '1000', QA_JOB_POLL_MS: '0', QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false });
    svc.rt.guard.lookupAll = publicLookup;
    svc.rt.clock = clock;
  });
  afterAll(async () => {
    await svc.stop();
    await new Promise((r) => receiver.close(r));
  });
  beforeEach(() => {
    received.length = 0;
    answer = 204;
  });

  const configured = async (tier = 'free') => {
    const ws = await newWorkspace(svc.base, { tier });
    const r = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: hookUrl, usage_webhook_secret: SECRET } });
    expect(r.status).toBe(200);
    return ws;
  };

  it('answers 409 webhook_unconfigured until both URL and secret are set', async () => {
    const ws = await newWorkspace(svc.base);
    const none = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    expect([none.status, none.json.code]).toEqual([409, 'webhook_unconfigured']);
    await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: hookUrl } });
    const noSecret = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    expect([noSecret.status, noSecret.json.code]).toEqual([409, 'webhook_unconfigured']);
    expect(noSecret.json.hint).toMatch(/usage_webhook_secret/);
    expect(received).toHaveLength(0);
  });

  it('sends a signed usage.test event that verifies with the documented recipe', async () => {
    const ws = await configured();
    const r = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ event: 'usage.test', delivered: true, response_status: 204, error: null });
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const timestamp = headers['siteqa-timestamp'] as string;
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
    expect(headers['siteqa-signature']).toBe(`v1=${expected}`);
    expect(Number(timestamp)).toBe(clock.now().getTime() / 1000);
    expect(headers['siteqa-event']).toBe('usage.test');
    expect(headers['siteqa-delivery']).toBe(r.json.delivery_id);
    expect(JSON.parse(body)).toMatchObject({ id: r.json.delivery_id, type: 'usage.test', workspace_id: ws.id, usage: { calls_included: 50 } });
    expect(await svc.rt.store.webhookDeliveries.get(r.json.delivery_id)).toMatchObject({ status: 'delivered', attempts: 1, response_status: 204 });
  });

  it('records a failed delivery and retries it with backoff until the receiver accepts', async () => {
    const ws = await configured();
    answer = 500;
    const r = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    expect(r.json).toMatchObject({ delivered: false, response_status: 500 });
    expect(await svc.rt.store.webhookDeliveries.get(r.json.delivery_id)).toMatchObject({ status: 'pending', attempts: 1, error: 'receiver answered 500' });
    expect(await tick(svc.rt, handlers)).toBe(0); // not due yet
    clock.advance(30_000);
    expect(await tick(svc.rt, handlers)).toBe(1);
    expect(await svc.rt.store.webhookDeliveries.get(r.json.delivery_id)).toMatchObject({ status: 'pending', attempts: 2 });
    answer = 200;
    clock.advance(30_000);
    expect(await tick(svc.rt, handlers)).toBe(1);
    expect(await svc.rt.store.webhookDeliveries.get(r.json.delivery_id)).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((x) => x.headers['siteqa-delivery']))).toEqual(new Set([r.json.delivery_id]));
  });

  it('gives up after the last retry and marks the delivery failed', async () => {
    const ws = await configured();
    answer = 503;
    const r = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    for (let i = 0; i < 8; i++) {
      clock.advance(3 * 3600_000);
      await tick(svc.rt, handlers);
    }
    expect(await svc.rt.store.webhookDeliveries.get(r.json.delivery_id)).toMatchObject({ status: 'failed', attempts: 7, response_status: 503 });
    expect(await svc.rt.store.jobs.get(`webhook:${r.json.delivery_id}`)).toMatchObject({ state: 'failed', attempts: 6 });
    expect(received).toHaveLength(7); // the immediate attempt and six retries
  });

  it('re-checks the URL with the guard at delivery time: a host that now resolves privately gets nothing', async () => {
    const ws = await newWorkspace(svc.base);
    expect((await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: 'https://flip.site.example/hook', usage_webhook_secret: SECRET } })).status).toBe(200);
    // The name later resolves to a private address (DNS rebinding): refused before any connection.
    svc.rt.guard.lookupAll = async (h) => (h === 'flip.site.example' ? ['10.1.2.3'] : publicLookup(h));
    try {
      const r = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
      expect(r.status).toBe(202);
      expect(r.json).toMatchObject({ delivered: false, response_status: null, error: expect.stringMatching(/10\.1\.2\.3|private/) });
    } finally {
      svc.rt.guard.lookupAll = publicLookup;
    }
  });

  it('sends usage.threshold_80, usage.quota_reached and usage.capped once each per period', async () => {
    const ws = await configured();
    for (let i = 0; i < 39; i++) await svc.rt.store.usage.consume(ws.id, new Date(ws.json.created_at), null);
    const audit = () => call(svc.base, 'POST', '/audits', { key: ws.key, body: { url: 'https://site.example/' } });
    expect((await audit()).status).toBe(202); // 40 of 50: 80 %
    expect((await audit()).status).toBe(202); // 41: no second 80 % event
    await tick(svc.rt, handlers);
    expect(received.map((x) => x.headers['siteqa-event'])).toEqual(['usage.threshold_80']);
    for (let i = 0; i < 9; i++) expect((await audit()).status).toBe(202);
    expect((await audit()).status).toBe(402);
    expect((await audit()).status).toBe(402);
    await tick(svc.rt, handlers);
    expect(received.map((x) => x.headers['siteqa-event']).sort()).toEqual(['usage.capped', 'usage.quota_reached', 'usage.threshold_80']);
    expect(JSON.parse(received.find((x) => x.headers['siteqa-event'] === 'usage.quota_reached')!.body).usage).toMatchObject({ calls_used: 50, calls_remaining: 0 });
  });
});
