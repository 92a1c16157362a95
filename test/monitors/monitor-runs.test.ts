// A monitor's runs end to end, in a real browser against a loopback site whose defects change from
// deploy to deploy: four deploys through the hook, each report marking its findings new, still
// there, regressed (and listing the fixed ones), the deploy's sha on the report, and exactly the
// alerts that should go out — e-mailed through a real SMTP server on loopback, never twice.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { tick } from '../../src/jobs/loop.js';
import { setTier } from '../../src/workspaces/service.js';
import { startSmtp, type TestSmtp } from '../report-emails/smtp.js';
import { readEvents, startTestService, type TestService } from '../support/service.js';
import { call, newWorkspace } from '../workspaces/helpers.js';

const state = { a500: false, b500: false };
let site: Server;
let origin: string;
let svc: TestService;
let smtp: TestSmtp;
let key: string;

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="description" content="A small site for monitor tests."></head>
<body><header><nav><a href="/">Home</a> <a href="/a">Alpha</a> <a href="/b">Beta</a></nav></header><main><h1>${title}</h1>${body}</main></body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const broken = (path === '/a' && state.a500) || (path === '/b' && state.b500);
    if (!['/', '/a', '/b'].includes(path)) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end(page('Not found', '<p>Nothing here.</p>'));
    }
    res.writeHead(broken ? 500 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(broken ? page('Server error', '<p>Something broke.</p>') : page(path === '/' ? 'Home' : `Page ${path.slice(1)}`, '<p>Content.</p>'));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  smtp = await startSmtp();
  svc = await startTestService({ QA_URL_ALLOWLIST: new URL(origin).host, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', SMTP_URL: smtp.url, QA_MAX_PAGES: '3' });
  const ws = await newWorkspace(svc.base, { owner_email: 'team@site.example' });
  await setTier(svc.rt, ws.id, 'starter');
  key = ws.key;
});
afterAll(async () => {
  await svc?.stop();
  await smtp?.close();
  await new Promise<void>((r) => site.close(() => r()));
});

async function deploy(monitorId: string, token: string, sha: string) {
  const r = await call(svc.base, 'POST', `/hooks/deploy/${monitorId}`, { body: { sha, ref: 'refs/heads/main', env: 'production' }, headers: { 'x-service-token': token } });
  expect(r.status, JSON.stringify(r.json)).toBe(202);
  const runId = r.json.run_ids[0];
  await readEvents(`${svc.base}/api/v1/audits/${runId}/events`, { timeoutMs: 60_000 });
  await tick(svc.rt, JOB_HANDLERS); // alert jobs due now
  return (await call(svc.base, 'GET', `/audits/${runId}/report.json`)).json;
}

const errorStatus = (report: any) => Object.fromEntries(report.findings.filter((f: any) => f.check_id === 'http.error_status').map((f: any) => [new URL(f.evidence.page).pathname, f.change]));

describe('a monitor followed over four deploys', () => {
  it('marks findings new, fixed, regressed and still there, and e-mails only when a critical is new', async () => {
    const created = await call(svc.base, 'POST', '/monitors', { key, body: { url: `${origin}/` } });
    expect(created.status).toBe(201);
    const { id, deploy_hook: { secret } } = created.json;
    await readEvents(`${svc.base}${created.json.first_run.events_url}`, { timeoutMs: 60_000 });
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(0); // a clean first run: nothing to say

    state.a500 = true;
    const r1 = await deploy(id, secret, 'sha-1');
    expect(r1).toMatchObject({ trigger: 'deploy_hook', deploy: { sha: 'sha-1', ref: 'refs/heads/main', env: 'production' } });
    expect(errorStatus(r1)).toEqual({ '/a': 'new' });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['team@site.example']);
    expect(smtp.messages[0]!.raw).toMatch(/1 new critical/);
    expect(smtp.messages[0]!.raw).toContain(r1.report_url);

    state.a500 = false;
    const r2 = await deploy(id, secret, 'sha-2');
    expect(errorStatus(r2)).toEqual({});
    expect(r2.changes.fixed.map((f: any) => f.check_id)).toContain('http.error_status');
    expect(smtp.messages).toHaveLength(1);

    state.a500 = true;
    state.b500 = true;
    const r3 = await deploy(id, secret, 'sha-3');
    expect(errorStatus(r3)).toEqual({ '/a': 'regressed', '/b': 'new' });
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]!.raw).toMatch(/2 new critical/);
    const html = await (await fetch(`${svc.base}${r3.report_url}`)).text();
    expect(html).toContain('Since the monitor');
    expect(html).toContain('>Regressed<');
    expect(html).toContain('Deploy <span class="mono">sha-3</span>');

    state.a500 = false;
    const r4 = await deploy(id, secret, 'sha-4');
    expect(errorStatus(r4)).toEqual({ '/b': 'still_there' });
    expect(r4.changes.counts.fixed).toBeGreaterThanOrEqual(1);
    // Still there is no news: no third e-mail; ticking again sends nothing twice.
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(2);
    const detail = (await call(svc.base, 'GET', `/monitors/${id}`, { key })).json;
    expect(detail).toMatchObject({ last_run_status: 'succeeded', consecutive_failures: 0 });
    expect(detail.recent_runs).toHaveLength(5);
  });
});
