// Reading reports: the stored body when there is one; otherwise built from the stored evidence
// (deterministic, so building twice gives the same bytes) and stored for the next reader.
import type { EvidenceBundle } from '../evidence/types.js';
import { buildReport, isTerminal, type Report } from '../report/build.js';
import type { RunRow } from '../store/index.js';
import type { WriteDeps } from '../runtime.js';
import { reportUrlFor } from './share-token.js';

export function runSummary(run: RunRow) {
  return {
    id: run.id,
    url: run.url,
    status: run.status,
    failure_reason: run.failure_reason,
    created_at: run.created_at,
    finished_at: run.finished_at,
    report_url: reportUrlFor(run.share_token),
    // Monitor runs say what started them and which deploy they checked (audits' reports stay as they were).
    ...(run.monitor_id ? { trigger: run.trigger ?? undefined, deploy: (run.options.deploy as { sha: string | null; ref: string | null; env: string | null } | undefined) } : {}),
  };
}

export async function buildAndStoreReport(rt: WriteDeps, runId: string): Promise<Report | null> {
  const run = await rt.store.runs.get(runId);
  if (!run) return null;
  const stored = await rt.store.evidence.get(runId);
  const report = buildReport(runSummary(run), (stored?.bundle as EvidenceBundle | undefined) ?? null);
  if (isTerminal(run.status)) await rt.store.reports.save(runId, JSON.stringify(report), rt.clock.now());
  return report;
}

/** The report body as JSON text. */
export async function reportBody(rt: WriteDeps, run: RunRow): Promise<string> {
  if (isTerminal(run.status)) {
    const body = await rt.store.reports.get(run.id);
    if (body) return body;
    const built = await buildAndStoreReport(rt, run.id);
    return JSON.stringify(built);
  }
  return JSON.stringify(buildReport(runSummary(run), null));
}
