// Alerts as durable jobs: one job per run and channel (its id makes a second scheduling a no-op, so
// an alert is never sent twice), retried with the job loop's backoff, recorded in the alerts table.
import type { JobHandler, JobHandlers } from '../jobs/loop.js';
import type { Report } from '../report/build.js';
import type { Changes } from '../report/follow.js';
import type { Runtime } from '../runtime.js';
import { alertMessage } from './message.js';

export const ALERT_EMAIL_JOB = 'alert.email';
export const ALERT_SLACK_JOB = 'alert.slack';

export interface AlertPayload {
  run_id: string;
  reasons: string[];
}

/** Records the alert and schedules its delivery; nothing happens twice for one run and channel. */
export async function scheduleAlert(rt: Runtime, input: { workspaceId: string; monitorId: string; runId: string; channel: 'email' | 'slack'; reasons: string[] }): Promise<boolean> {
  const now = rt.clock.now();
  const fresh = await rt.store.monitors.addAlert({
    id: `${input.runId}:${input.channel}`, workspace_id: input.workspaceId, monitor_id: input.monitorId, run_id: input.runId, channel: input.channel,
    summary: input.reasons.join('; ').slice(0, 1000), state: 'queued', error: null, created_at: now.toISOString(), sent_at: null,
  });
  if (!fresh) return false;
  const kind = input.channel === 'email' ? ALERT_EMAIL_JOB : ALERT_SLACK_JOB;
  await rt.store.jobs.schedule({ id: `alert:${input.runId}:${input.channel}`, kind, payload: { run_id: input.runId, reasons: input.reasons }, runAt: now, now });
  return true;
}

/** The alert's text from the run's stored report (with its changes), and the report's absolute link. */
export async function alertFor(rt: Runtime, runId: string, reasons: string[]) {
  const run = await rt.store.runs.get(runId);
  const body = run && (await rt.store.reports.get(runId));
  if (!run || !body) return null;
  const report = JSON.parse(body) as Report & { changes?: Changes };
  const link = `${rt.config.publicBaseUrl}${report.report_url}`;
  return { run, report, link, message: alertMessage(report, report.changes ?? null, reasons, link) };
}

const sendEmail: JobHandler = async (rt, job) => {
  const { run_id, reasons } = job.payload as unknown as AlertPayload;
  const found = await alertFor(rt, run_id, reasons);
  if (!found?.run.workspace_id) return;
  const ws = await rt.store.workspaces.get(found.run.workspace_id);
  if (!ws) return;
  await rt.mailer.send({ to: ws.owner_email, ...found.message }, rt.clock.now());
  await rt.store.monitors.updateAlert(run_id, 'email', { state: 'sent', sent_at: rt.clock.now().toISOString(), error: null });
};

export const ALERT_JOBS: JobHandlers = {
  [ALERT_EMAIL_JOB]: sendEmail,
};
