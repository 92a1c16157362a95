// Executes one claimed run: capture → evidence stored → run finished → report built and stored,
// with progress events at each step. The run reaches a terminal status in every path.
import { analyze, modelConfigured } from '../advisory/analyze.js';
import { captureSite } from '../capture/capture-site.js';
import { checks } from '../checks/registry.js';
import { runChecks } from '../checks/runner.js';
import type { EvidenceBundle } from '../evidence/types.js';
import type { RunRow, RunStatus } from '../store/index.js';
import type { Runtime } from '../runtime.js';
import { buildAndStoreReport } from './reports.js';
import { reportUrlFor } from './share-token.js';

type Terminal = Exclude<RunStatus, 'queued' | 'running'>;

/** The run's verdict from what capture saw. */
export function outcomeOf(bundle: EvidenceBundle): { status: Terminal; failure_reason: string | null } {
  const start = bundle.pages[0];
  if (!start) return { status: 'failed', failure_reason: 'no page was captured' };
  // The guard refused the start page or one of its redirect hops: the proxy answered for it.
  const doc = [...start.requests].reverse().find((r) => r.is_navigation);
  const refusedBy = start.headers['x-siteqa-blocked'] ?? (doc?.blocked ? bundle.blocked.find((b) => sameHost(b.url, doc.url))?.reason ?? 'refused' : null);
  if (refusedBy) {
    return { status: 'blocked', failure_reason: `the URL guard refused ${doc?.url ?? start.final_url}: ${refusedBy}` };
  }
  if (start.status === null) {
    return { status: 'failed', failure_reason: `the start page could not be loaded: ${start.navigation_error ?? 'no response'}` };
  }
  if (bundle.run.deadline_hit) return { status: 'timeout', failure_reason: `the run deadline (${Math.round(bundle.conditions.deadline_ms / 1000)} s) ended the crawl; the report covers the pages visited` };
  return { status: 'succeeded', failure_reason: null };
}

function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}

/** The optional model note, recorded with the evidence; a failing model never fails the run. */
async function addAdvisory(rt: Runtime, bundle: EvidenceBundle): Promise<void> {
  if (!modelConfigured(rt.config)) return;
  try {
    const { findings } = runChecks(bundle, checks);
    const note = await analyze(rt.config, bundle, findings, rt.clock.now());
    if (note) bundle.advisories = [note];
  } catch (err) {
    bundle.notes.push(`advisory.analyze: the model call failed (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * `lost` aborts when the queue says this worker no longer owns the run (it was swept): the run is
 * then someone else's, so it is not finished here.
 */
export async function executeRun(rt: Runtime, run: RunRow, lost?: AbortSignal): Promise<void> {
  const { store, config } = rt;
  const now = () => rt.clock.now();
  const log = rt.log.child({ run_id: run.id });
  await store.events.append(run.id, 'started', { run_id: run.id, attempt: run.attempts }, now());
  let result: { status: Terminal; failure_reason: string | null } = { status: 'failed', failure_reason: 'the run ended unexpectedly' };
  try {
    const maxPages = Number(run.options.max_pages) || config.maxPages;
    const bundle = await captureSite({
      runId: run.id, url: run.url, maxPages, pageConcurrency: config.pageConcurrency, deadlineMs: config.runDeadlineMs,
      guard: rt.guard, browser: rt.browser,
      onPage: (p, index) => {
        store.events
          .append(run.id, 'page', { url: p.url, final_url: p.final_url, status: p.status, index, max_pages: maxPages }, now())
          .catch((err) => log.warn({ err }, 'page event not stored'));
      },
    });
    await addAdvisory(rt, bundle);
    await store.evidence.save(run.id, bundle, bundle.schema_version, now());
    result = outcomeOf(bundle);
  } catch (err) {
    log.error({ err }, 'run failed');
    result = { status: 'failed', failure_reason: `capture failed: ${(err as Error).message.split('\n')[0]}` };
  } finally {
    if (lost?.aborted) {
      log.warn('lease lost: leaving the run to the worker that has it now');
      return;
    }
    const finished = await store.runs.finish(run.id, result, now()).catch((err) => {
      log.error({ err }, 'could not finish run');
      return false;
    });
    if (finished) {
      const report = await buildAndStoreReport(rt, run.id).catch((err) => {
        log.error({ err }, 'report build failed');
        return null;
      });
      await store.events.append(run.id, 'checks', { findings: report?.findings?.length ?? 0, sections: report?.sections ?? null }, now());
      await store.events.append(run.id, 'end', { status: result.status, failure_reason: result.failure_reason, report_url: reportUrlFor(run.share_token) }, now());
      log.info({ status: result.status }, 'run finished');
    }
  }
}
