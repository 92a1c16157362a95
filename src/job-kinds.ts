// Every durable job kind the service runs, with its handler: the composition root's table, and the
// start of the one job loop that `siteqa serve` and `siteqa worker` both run.
import { startJobLoop, type JobHandlers, type JobLoopHandle } from './jobs/loop.js';
import { ALERT_JOBS, ALERT_SLACK_JOB } from './alerts/jobs.js';
import { sendSlackAlert } from './alerts/slack-job.js';
import { deliverMeterEvent, METER_EVENT_JOB } from './billing/meter-events.js';
import { startMonitorScheduler } from './monitors/scheduler.js';
import { REPORT_EMAIL_JOBS } from './report-emails/jobs.js';
import type { Runtime } from './runtime.js';
import { DELIVER_JOB, deliverUsageWebhook } from './usage/webhook.js';

export const JOB_HANDLERS: JobHandlers = {
  [DELIVER_JOB]: deliverUsageWebhook,
  ...REPORT_EMAIL_JOBS,
  ...ALERT_JOBS,
  [ALERT_SLACK_JOB]: sendSlackAlert,
  [METER_EVENT_JOB]: deliverMeterEvent,
};

/**
 * The process's job loop and monitor scheduler, unless QA_JOB_POLL_MS is 0 (tests then call tick()
 * and tickMonitors() with a moved clock). Every process runs them: claims make that safe.
 */
export function startJobs(rt: Runtime): JobLoopHandle | null {
  if (rt.config.jobPollMs <= 0) return null;
  const jobs = startJobLoop(rt, JOB_HANDLERS, rt.config.jobPollMs);
  const monitors = startMonitorScheduler(rt, rt.config.jobPollMs);
  return {
    async stop() {
      await Promise.all([jobs.stop(), monitors.stop()]);
    },
  };
}
