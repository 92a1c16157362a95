// The service's own addresses for a run, in one place: every layer that writes a link (events,
// e-mails, API responses, the queue's terminal events) takes them from here.

/** The shareable HTML report (host root, not under /api/v1; a fixed name). */
export function reportUrlFor(shareToken: string): string {
  return `/r/${shareToken}`;
}

/** The run's progress stream (SSE). */
export function eventsUrlFor(runId: string): string {
  return `/api/v1/audits/${runId}/events`;
}

/** The data of a run's terminal `end` event: built here only, whoever ends the run. */
export function endEventData(run: { share_token: string }, outcome: { status: string; failure_reason: string | null }): Record<string, unknown> {
  return { status: outcome.status, failure_reason: outcome.failure_reason, report_url: reportUrlFor(run.share_token) };
}
