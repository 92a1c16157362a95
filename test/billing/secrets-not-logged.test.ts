// The payment provider's secrets never reach the log: a service logging at `trace` goes through
// checkout (also failing), the portal, signed and forged webhook deliveries and a meter event that
// fails and is retried, and neither the secret key, nor the webhook signing secret, nor a signature
// appears in any line, nor in a response body, while the lines about those requests are there.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitMeteredWork, recordMeterEvent } from '../../src/billing/meter-events.js';
import { tick } from '../../src/jobs/loop.js';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { startTestService, type TestService } from '../support/service.js';
import { providerEvent, signatureHeader } from '../support/stripe-form.js';
import { startStripeStandin, STANDIN_KEY, type StripeStandin } from '../support/stripe-standin.js';
import { call } from '../workspaces/helpers.js';
import { deliver, subscribedWorkspace, WHSEC } from './helpers.js';

describe('payment-provider secrets in logs', () => {
  let standin: StripeStandin;
  let svc: TestService;
  const lines: string[] = [];

  beforeAll(async () => {
    standin = await startStripeStandin();
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    svc = await startTestService({
      LOG_LEVEL: 'trace', STRIPE_SECRET_KEY: STANDIN_KEY, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_BASE: standin.url,
      QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0',
    }, { worker: false, logTo: sink });
  });
  afterAll(async () => {
    await svc?.stop();
    await standin?.close();
  });

  it('logs billing requests but never STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET or a signature', async () => {
    const bodies: string[] = [];
    const ws = await subscribedWorkspace(svc, standin, 'pro');
    bodies.push(JSON.stringify((await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id } })).json));
    standin.outage = true;
    try {
      bodies.push(JSON.stringify((await call(svc.base, 'POST', '/billing/portal', { key: ws.key, body: { workspace_id: ws.id } })).json));
      const row = (await svc.rt.store.workspaces.get(ws.id))!;
      await svc.rt.store.workspaceBilling.update(ws.id, { opt_in_to_overage: true }, new Date());
      await svc.rt.store.usage.consume(ws.id, new Date(row.created_at), null, 2000);
      await admitMeteredWork(svc.rt, (await svc.rt.store.workspaces.get(ws.id))!, 1);
      await recordMeterEvent(svc.rt, { workspaceId: ws.id, meter: 'service_run_starter', units: 1, identifier: `flow-run:${ws.id}:log` });
      await tick(svc.rt, JOB_HANDLERS);
    } finally {
      standin.outage = false;
    }
    const event = providerEvent('invoice.paid', { id: 'in_log', object: 'invoice', parent: { subscription_details: { subscription: ws.subscriptionId } } });
    const payload = JSON.stringify(event);
    const signature = signatureHeader(payload, WHSEC, Math.floor(Date.now() / 1000));
    bodies.push(JSON.stringify((await deliver(svc, event, { header: signature })).json));
    bodies.push(JSON.stringify((await deliver(svc, event, { header: signature.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) })).json));

    await new Promise((r) => setTimeout(r, 100));
    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/v1/billing/webhook"');
    expect(log).toContain('checkout session created');
    expect(log).toContain('"msg":"job failed"');
    const v1 = signature.split('v1=')[1]!;
    for (const secret of [STANDIN_KEY, STANDIN_KEY.slice(-10), WHSEC, WHSEC.slice(-10), v1]) {
      expect(log.includes(secret), `a log line contains ${secret.slice(0, 12)}…`).toBe(false);
      for (const body of bodies) expect(body.includes(secret)).toBe(false);
    }
  });
});
