// Every durable job kind the service runs, with its handler: the composition root's table, and the
// start of the one job loop that `siteqa serve` and `siteqa worker` both run.
import { startJobLoop, type JobHandlers, type JobLoopHandle } from './jobs/loop.js';
import { REPORT_EMAIL_JOBS } from './report-emails/jobs.js';
import type { Runtime } from './runtime.js';
import { DELIVER_JOB, deliverUsageWebhook } from './usage/webhook.js';

export const JOB_HANDLERS: JobHandlers = {
  [DELIVER_JOB]: deliverUsageWebhook,
  ...REPORT_EMAIL_JOBS,
};

/** The process's job loop, unless QA_JOB_POLL_MS is 0 (tests then call tick() with a moved clock). */
export function startJobs(rt: Runtime): JobLoopHandle | null {
  return rt.config.jobPollMs > 0 ? startJobLoop(rt, JOB_HANDLERS, rt.config.jobPollMs) : null;
}
