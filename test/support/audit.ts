// Runs one real audit in-process (capture → report) against a served fixture site, for tests and
// the evidence regeneration script. No server, no database.
import { createBrowserHandle, type BrowserHandle } from '../../src/capture/browser.js';
import { captureRun } from '../../src/capture/capture-run.js';
import { crawl } from '../../src/capture/drivers/crawl.js';
import type { CapturedImage } from '../../src/capture/session/run-session.js';
import type { EvidenceBundle } from '../../src/evidence/types.js';
import type { LookupAll } from '../../src/guard/options.js';
import { buildReport, type Report, type RunSummary } from '../../src/report/build.js';
import { outcomeOf } from '../../src/runs/execute-run.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

export function newBrowser(allowlist: string[] = []): BrowserHandle {
  return createBrowserHandle({ executablePath: process.env.CHROMIUM_PATH || defaultChromiumPath(), guard: { allowlist } });
}

export const FIXED_RUN_ID = '00000000-0000-4000-8000-00000000f1x0'.replace('f1x0', 'f1a0');

export function summaryFor(bundle: EvidenceBundle): RunSummary {
  const outcome = outcomeOf(bundle);
  return {
    id: bundle.run.id, url: bundle.run.url, status: outcome.status, failure_reason: outcome.failure_reason,
    created_at: bundle.run.started_at, finished_at: bundle.run.finished_at, report_url: '/r/fixture',
  };
}

/** One audit at the product defaults (50 pages, as QA_MAX_PAGES) unless `over` says otherwise. */
export async function auditSite(browser: BrowserHandle, url: string, allowlist: string[], over: { maxPages?: number; deadlineMs?: number; runId?: string; allowlistOnly?: boolean; pageConcurrency?: number; lookupAll?: LookupAll } = {}): Promise<{ bundle: EvidenceBundle; report: Report; images: CapturedImage[] }> {
  const maxPages = over.maxPages ?? 50;
  const { bundle, images } = await captureRun(
    { runId: over.runId ?? FIXED_RUN_ID, url, maxPages, pageConcurrency: over.pageConcurrency ?? 4, deadlineMs: over.deadlineMs ?? 60_000, guard: { allowlist, allowlistOnly: over.allowlistOnly, lookupAll: over.lookupAll }, browser },
    crawl, { url, maxPages },
  );
  return { bundle, report: buildReport(summaryFor(bundle), bundle), images };
}
