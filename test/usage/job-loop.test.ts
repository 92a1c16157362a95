// The job loop the service runs by itself (QA_JOB_POLL_MS): a failed usage-webhook delivery is
// retried in the background once its backoff has passed, with no one calling tick().
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { call, MovableClock, newWorkspace } from '../workspaces/helpers.js';

describe('background job loop', () => {
  let svc: TestService;
  let receiver: http.Server;
  let answer = 503;
  const events: string[] = [];
  const clock = new MovableClock(new Date('2026-10-01T00:00:00.000Z'));

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        events.push(`${req.headers['siteqa-event']} ${answer}`);
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    svc = await startTestService({ QA_URL_ALLOWLIST: `127.0.0.1:${port}`, QA_JOB_POLL_MS: '100' }, { worker: false });
    svc.rt.clock = clock;
  });
  afterAll(async () => {
    await svc.stop();
    await new Promise((r) => receiver.close(r));
  });

  it('delivers the retry by itself once the backoff has passed', async () => {
    const ws = await newWorkspace(svc.base);
    const port = (receiver.address() as AddressInfo).port;
    await call(svc.base, 'PATCH', '/workspaces/current/usage', { key: ws.key, body: { usage_webhook_url: `http://127.0.0.1:${port}/h`, usage_webhook_secret: 'whsec_loop_0123456789' } });
    const r = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key: ws.key });
    expect(r.json.delivered).toBe(false);
    answer = 200;
    await new Promise((res) => setTimeout(res, 400));
    expect(events).toEqual(['usage.test 503']); // backoff not over: the loop leaves it alone
    clock.advance(31_000);
    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((res) => setTimeout(res, 100));
    expect(events).toEqual(['usage.test 503', 'usage.test 200']);
    // The receiver logs the request before it answers; the delivery is stored as delivered once the answer is back.
    const stored = () => svc.rt.store.webhookDeliveries.get(r.json.delivery_id);
    for (let i = 0; i < 30 && (await stored())?.status !== 'delivered'; i++) await new Promise((res) => setTimeout(res, 100));
    expect(await stored()).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});
