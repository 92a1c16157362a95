// The durable job loop: due jobs are claimed from the jobs table under a lease, handed to their
// kind's handler, and completed, postponed, retried with backoff, or failed after the last attempt.
// Time comes from rt.clock, so tests move a clock and call tick() instead of sleeping.
import type { Runtime } from '../runtime.js';
import { every, type Ticker } from './every.js';
import type { JobRow } from '../store/index.js';

/** A handler finishes the job, or returns `{ later }` to look again at that time (no attempt used). */
export type JobHandler = (rt: Runtime, job: JobRow) => Promise<void | { later: Date }>;
export type JobHandlers = Record<string, JobHandler>;

export const JOB_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 6;
const BATCH = 20;

/** 30 s, 2 min, 8 min, 32 min, ~2 h between attempts. */
export function backoffMs(attempt: number): number {
  return 30_000 * 4 ** Math.max(0, attempt - 1);
}

/** Runs every job due now; returns how many were handled. */
export async function tick(rt: Runtime, handlers: JobHandlers): Promise<number> {
  const jobs = await rt.store.jobs.claimDue(rt.clock.now(), JOB_LEASE_MS, BATCH);
  for (const job of jobs) await runOne(rt, handlers, job);
  return jobs.length;
}

async function runOne(rt: Runtime, handlers: JobHandlers, job: JobRow): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) {
    await rt.store.jobs.fail(job.id, `no handler for job kind ${job.kind}`);
    return;
  }
  try {
    const outcome = await handler(rt, job);
    if (outcome && 'later' in outcome) await rt.store.jobs.postpone(job.id, outcome.later);
    else await rt.store.jobs.complete(job.id);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    rt.log.warn({ job_id: job.id, kind: job.kind, attempt: job.attempts, err }, 'job failed'); // the logger's err serializer redacts URLs
    if (job.attempts >= MAX_ATTEMPTS) await rt.store.jobs.fail(job.id, message);
    else await rt.store.jobs.retry(job.id, new Date(rt.clock.now().getTime() + backoffMs(job.attempts)), message);
  }
}

export type JobLoopHandle = Ticker;

/**
 * Ticks every `intervalMs` until stopped; a tick never overlaps the previous one. Every process
 * runs one (`siteqa serve` and `siteqa worker` alike): claims are leases, so processes share the work.
 */
export function startJobLoop(rt: Runtime, handlers: JobHandlers, intervalMs = 5_000): JobLoopHandle {
  return every(intervalMs, () => tick(rt, handlers), (err) => rt.log.error({ err }, 'job loop tick failed'));
}
