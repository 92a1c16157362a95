// Shared by the Slack suites: a service wired to the Slack stand-in, and the browser's walk through
// the install — bearer call to install, the consent screen, Slack's redirect to our callback.
import type { Clock } from '../../src/runtime.js';
import type { Store } from '../../src/store/index.js';
import { startTestService, type TestService } from '../support/service.js';
import type { SlackStandin } from '../support/slack-standin.js';

/** Links and the OAuth redirect_uri use this base; the tests call the service at svc.base (as behind a proxy). */
export const PUBLIC_BASE = 'https://qa.example';

export function startSlackService(standin: SlackStandin, env: Record<string, string> = {}, opts: { store?: Store; clock?: Clock; worker?: boolean } = {}): Promise<TestService> {
  return startTestService({ ...standin.env(), PUBLIC_BASE_URL: PUBLIC_BASE, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', ...env }, { worker: false, ...opts });
}

export interface Hop {
  status: number;
  location: string | null;
}

export async function hop(url: string, headers: Record<string, string> = {}): Promise<Hop> {
  const res = await fetch(url, { redirect: 'manual', headers });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Our callback as Slack's redirect names it (on PUBLIC_BASE), called on the test service instead. */
export const onService = (svc: TestService, location: string) => {
  const u = new URL(location);
  return `${svc.base}${u.pathname}${u.search}`;
};

/** install → consent screen → callback; returns each hop (the last one is the callback's answer). */
export async function walkInstall(svc: TestService, key: string): Promise<{ install: Hop; consent: Hop; callback: Hop; callbackUrl: string }> {
  const install = await hop(`${svc.base}/api/v1/integrations/slack/install`, { authorization: `Bearer ${key}` });
  if (install.status !== 302 || !install.location) throw new Error(`install answered ${install.status}`);
  const consent = await hop(install.location);
  if (consent.status !== 302 || !consent.location) throw new Error(`consent screen answered ${consent.status}`);
  const callbackUrl = onService(svc, consent.location);
  return { install, consent, callback: await hop(callbackUrl), callbackUrl };
}

/**
 * A finished run of a monitor with a stored report, and its Slack alert scheduled: the job side of
 * alerts without a browser run (the monitor suites drive real runs).
 */
export async function scheduledSlackAlert(svc: TestService, workspaceId: string): Promise<{ runId: string; reportUrl: string }> {
  const { randomBytes, randomUUID } = await import('node:crypto');
  const { scheduleAlert } = await import('../../src/alerts/jobs.js');
  const now = new Date().toISOString();
  const monitorId = randomUUID();
  await svc.rt.store.db.insertInto('monitors').values({
    id: monitorId, workspace_id: workspaceId, url: 'https://shop.example/', cadence: 'daily', status: 'active', flow_id: null, deploy_token_hash: 'unused', next_run_at: now,
    last_run_at: null, last_run_id: null, last_run_status: null, consecutive_failures: 0, paused_reason: null, created_at: now, updated_at: now,
  }).execute();
  const run = await svc.rt.store.runs.create({ id: randomUUID(), url: 'https://shop.example/', source: null, workspace_id: workspaceId, share_token: randomBytes(12).toString('base64url'), client_ip: null, now: new Date() });
  const reportUrl = `/r/${run.share_token}`;
  const report = { report_version: 1, run_id: run.id, url: 'https://shop.example/', status: 'failed', failure_reason: 'the home page answered 503', created_at: now, finished_at: now, report_url: reportUrl, findings: [] };
  await svc.rt.store.reports.save(run.id, JSON.stringify(report), new Date());
  if (!(await scheduleAlert(svc.rt, { workspaceId, monitorId, runId: run.id, channel: 'slack', reasons: ['the run failed: the home page answered 503'] }))) throw new Error('alert not scheduled');
  return { runId: run.id, reportUrl };
}
