// Secrets never reach the log: a service logging at `trace` to a captured stream goes through every
// path that handles one — workspace creation (the key is returned once), keyed and wrongly keyed
// calls, the usage-webhook secret (set, then used to sign a delivery that fails), an unsubscribe link
// with its token in the query, an idempotent keyed audit — and none of the secrets appears in any
// line, while the lines about those requests are there.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/report-emails/links.js';
import { setTier } from '../../src/workspaces/service.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, grantedWorkspace, newWorkspace, publicLookup } from '../workspaces/helpers.js';

describe('secrets in logs', () => {
  let svc: TestService;
  let receiver: http.Server;
  let hookUrl: string;
  const lines: string[] = [];
  const WEBHOOK_SECRET = 'whsec_logcheck_5f1e2d3c4b5a69788796a5b4';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(500).end('receiver down')); // a failing delivery logs its error path too
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    hookUrl = `http://127.0.0.1:${port}/usage-hook`;
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    svc = await startTestService({ LOG_LEVEL: 'trace', QA_URL_ALLOWLIST: `127.0.0.1:${port}`, QA_WORKSPACE_RATE_LIMIT: '1000' }, { worker: false, logTo: sink });
    svc.rt.guard.lookupAll = publicLookup;
  });
  afterAll(async () => {
    await svc?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  it('logs the requests but none of the API key, the webhook secret or the unsubscribe token', async () => {
    const { key } = await grantedWorkspace(svc, 'starter');
    expect(key).toMatch(/^sqa_live_/);
    expect((await call(svc.base, 'GET', '/workspaces/current', { key })).status).toBe(200);
    const wrongKey = `${key.slice(0, -4)}zzzz`;
    expect((await call(svc.base, 'GET', '/workspaces/current', { key: wrongKey })).status).toBe(401);

    const patched = await call(svc.base, 'PATCH', '/workspaces/current/usage', { key, body: { usage_webhook_url: hookUrl, usage_webhook_secret: WEBHOOK_SECRET } });
    expect(patched.status).toBe(200);
    expect(JSON.stringify(patched.json)).not.toContain(WEBHOOK_SECRET); // shown masked
    const test = await call(svc.base, 'POST', '/workspaces/current/usage-webhook/test', { key });
    expect(test.status).toBe(202);
    expect(test.json.delivered).toBe(false);

    const audit = await call(svc.base, 'POST', '/audits', { key, body: { url: 'https://shop.example/' }, headers: { 'idempotency-key': 'deploy-42' } });
    expect(audit.status).toBe(202);
    expect((await call(svc.base, 'POST', `/audits/${audit.json.run_id}/report-subscription`, { body: { email: 'reader@site.example' } })).status).toBe(201);
    const sub = await svc.rt.store.db.selectFrom('report_subscriptions').select('id').where('run_id', '=', audit.json.run_id).executeTakeFirstOrThrow();
    const token = unsubscribeToken(svc.rt, sub.id);
    expect((await call(svc.base, 'GET', `/report-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);

    // Flow credentials (stored and per run) and deploy tokens (created, sent, rotated).
    const FLOW_SECRET = 'flow-pass-9d8c7b6a5f4e3d2c';
    const RUN_SECRET = 'per-run-pass-1a2b3c4d5e6f7a8b';
    const paid = await newWorkspace(svc.base);
    await setTier(svc.rt, paid.id, 'pro');
    const flow = await call(svc.base, 'POST', '/flows', { key: paid.key, body: { url: 'https://shop.example/', test_case: 'fill "Password" with "{{PASSWORD}}"' } });
    expect(flow.status).toBe(201);
    expect((await call(svc.base, 'PUT', `/flows/${flow.json.flow_id}/credentials`, { key: paid.key, body: { credentials: { PASSWORD: FLOW_SECRET } } })).status).toBe(200);
    await call(svc.base, 'POST', `/flows/${flow.json.flow_id}/confirm`, { key: paid.key });
    expect((await call(svc.base, 'POST', `/flows/${flow.json.flow_id}/run`, { key: paid.key, body: { credentials: { PASSWORD: RUN_SECRET } } })).status).toBe(202);
    const monitor = await call(svc.base, 'POST', '/monitors', { key: paid.key, body: { url: 'https://shop.example/' } });
    const deployToken = monitor.json.deploy_hook.secret as string;
    expect((await call(svc.base, 'POST', `/hooks/deploy/${monitor.json.id}`, { headers: { 'x-service-token': deployToken } })).status).toBe(202);
    const rotated = (await call(svc.base, 'POST', `/monitors/${monitor.json.id}/webhook/rotate`, { key: paid.key })).json.webhook_secret as string;
    expect((await call(svc.base, 'POST', `/hooks/deploy/${monitor.json.id}`, { headers: { 'x-service-token': `${rotated.slice(0, -3)}xyz` } })).status).toBe(401);

    await new Promise((r) => setTimeout(r, 100)); // the last response lines
    const log = lines.join('\n');
    for (const secret of [FLOW_SECRET, RUN_SECRET, deployToken, rotated, paid.key]) {
      expect(log.includes(secret), `a log line contains ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(log).toContain('/api/v1/hooks/deploy/');
    // The capture works: the requests above are in it, the unsubscribe URL with its token masked.
    expect(log).toContain('"url":"/api/v1/workspaces/current"');
    expect(log).toContain('"url":"/api/v1/report-subscriptions/unsubscribe?token=[redacted]"');
    expect(lines.filter((l) => l.includes("request completed")).length).toBeGreaterThanOrEqual(8);
    for (const secret of [key, key.slice('sqa_live_'.length), wrongKey, WEBHOOK_SECRET, token]) {
      expect(log.includes(secret), `a log line contains ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});
