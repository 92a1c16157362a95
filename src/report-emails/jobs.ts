// The report subscription's two durable jobs. First mail: waits for
// the run to end, sends the report, schedules the re-check 7 days later. Re-check: starts a new audit
// of the same URL, waits for it, sends the diff. Each step is recorded before the next, so a restart
// resumes where it stopped and never sends a third mail.
import { isTerminal, type Report } from '../report/build.js';
import { createRun, freePoolAdmission } from '../runs/create-run.js';
import { reportBody } from '../runs/reports.js';
import { ServiceError } from '../service-error.js';
import type { JobHandler, JobHandlers } from '../jobs/loop.js';
import type { Runtime, WriteDeps } from '../runtime.js';
import type { RunRow } from '../store/index.js';
import { diffReports } from './diff.js';
import { recheckEmail, reportEmail } from './emails.js';
import { mailLinks } from './links.js';

export const FIRST_MAIL_JOB = 'subscription.first_mail';
export const RECHECK_JOB = 'subscription.recheck';
export const RECHECK_AFTER_MS = 7 * 24 * 3600_000;
const POLL_MS = 30_000;

const later = (rt: Pick<Runtime, 'clock'>, ms: number) => ({ later: new Date(rt.clock.now().getTime() + ms) });
const reportOf = async (rt: WriteDeps, run: RunRow) => JSON.parse(await reportBody(rt, run)) as Report;

const firstMail: JobHandler = async (rt, job) => {
  const sub = await rt.store.reportSubscriptions.get(String(job.payload.subscription_id));
  if (!sub || sub.state === 'unsubscribed') return;
  const run = await rt.store.runs.get(sub.run_id);
  if (!run) return;
  if (!isTerminal(run.status)) return later(rt, POLL_MS);
  if (!sub.first_sent_at) {
    await rt.mailer.send(reportEmail(sub.email, await reportOf(rt, run), mailLinks(rt, sub.id, run)), rt.clock.now());
    await rt.store.reportSubscriptions.update(sub.id, { first_sent_at: rt.clock.now().toISOString() });
  }
  const now = rt.clock.now();
  await rt.store.jobs.schedule({ id: `sub-recheck:${sub.id}`, kind: RECHECK_JOB, payload: { subscription_id: sub.id }, runAt: new Date(now.getTime() + RECHECK_AFTER_MS), now });
};

const recheck: JobHandler = async (rt, job) => {
  const sub = await rt.store.reportSubscriptions.get(String(job.payload.subscription_id));
  if (!sub || sub.state !== 'scheduled' || sub.second_sent_at) return;
  const first = await rt.store.runs.get(sub.run_id);
  if (!first) return;
  let recheckRunId = sub.recheck_run_id;
  if (!recheckRunId) {
    try {
      // The link is written with the run: a retry of this job after a crash finds it, never a second run.
      const created = await createRun(rt, {
        kind: 'audit', trigger: 'recheck', url: first.url, source: 'report-recheck', workspaceId: null, clientIp: null,
        admission: freePoolAdmission,
        alongside: (run, tx) => rt.store.reportSubscriptions.update(sub.id, { recheck_run_id: run.id }, tx),
      });
      recheckRunId = created.run.id;
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'at_capacity') return later(rt, 10 * 60_000); // the free pool is busy: not a failure
      throw err;
    }
  }
  const second = await rt.store.runs.get(recheckRunId);
  if (!second) throw new Error(`re-check run ${recheckRunId} is gone`);
  if (!isTerminal(second.status)) return later(rt, POLL_MS);
  const [before, after] = [await reportOf(rt, first), await reportOf(rt, second)];
  await rt.mailer.send(recheckEmail(sub.email, after, diffReports(before, after), mailLinks(rt, sub.id, second)), rt.clock.now());
  await rt.store.reportSubscriptions.update(sub.id, { second_sent_at: rt.clock.now().toISOString(), state: 'done' });
};

/** The report e-mails' job kinds (their names are stored in job rows: never rename them). */
export const REPORT_EMAIL_JOBS: JobHandlers = {
  [FIRST_MAIL_JOB]: firstMail,
  [RECHECK_JOB]: recheck,
};
