// Executes one claimed run: the pipeline (driver → evidence → checks once → advisory) → evidence
// and images stored → run finished → report built from the judged bundle in memory and stored →
// `checks` and `end` events. The run reaches a terminal status in every path.
import { endEventData } from '../links.js';
import { buildReport, type Report } from '../report/build.js';
import type { RunRow } from '../store/index.js';
import type { Runtime } from '../runtime.js';
import type { Outcome } from './outcome.js';
import { captureAndJudge, reportOf, type Judged } from './pipeline.js';
import { runSummary } from './reports.js';

export { outcomeOf } from './outcome.js';

/**
 * `lost` aborts when the queue says this worker no longer owns the run (it was swept): the run is
 * then someone else's, so it is not finished here.
 */
export async function executeRun(rt: Runtime, run: RunRow, lost?: AbortSignal): Promise<void> {
  const { store } = rt;
  const now = () => rt.clock.now();
  const log = rt.log.child({ run_id: run.id });
  await store.events.append(run.id, 'started', { run_id: run.id, attempt: run.attempts }, now());
  let result: Outcome = { status: 'failed', failure_reason: 'the run ended unexpectedly' };
  let judged: Judged | null = null;
  try {
    const maxPages = Number(run.options.max_pages) || rt.config.maxPages;
    judged = await captureAndJudge(rt, run, {
      onPage: (p, index) => {
        store.events
          .append(run.id, 'page', { url: p.url, final_url: p.final_url, status: p.status, index, max_pages: maxPages }, now())
          .catch((err) => log.warn({ err }, 'page event not stored'));
      },
      onStep: (s, flow) => {
        store.events
          .append(run.id, 'step', { flow, index: s.index, action: s.action, target: s.target, outcome: s.outcome, url: s.url_after, duration_ms: s.duration_ms }, now())
          .catch((err) => log.warn({ err }, 'step event not stored'));
      },
      onShrink: (p) => {
        store.events.append(run.id, 'shrink', { ...p }, now()).catch((err) => log.warn({ err }, 'shrink event not stored'));
      },
    });
    await store.transaction(async (tx) => {
      await store.evidence.save(run.id, judged!.bundle, judged!.bundle.schema_version, now(), tx);
      await store.evidenceImages.saveAll(run.id, judged!.images.map((i) => ({ id: i.ref.id, content_type: i.ref.content_type, data: i.data })), now(), tx);
    });
    result = judged.outcome;
    await rt.drivers.get(run.kind)?.afterRun?.(rt, run, judged.bundle).catch((err) => log.warn({ err }, 'after-run step failed'));
  } catch (err) {
    log.error({ err }, 'run failed');
    judged = null;
    result = { status: 'failed', failure_reason: `capture failed: ${(err as Error).message.split('\n')[0]}` };
  } finally {
    if (lost?.aborted) {
      log.warn('lease lost: leaving the run to the worker that has it now');
      return;
    }
    const finishedAt = now();
    const finished = await store.runs.finish(run.id, result, finishedAt).catch((err) => {
      log.error({ err }, 'could not finish run');
      return false;
    });
    if (finished) {
      const report = await storeReport(rt, run, result, finishedAt, judged).catch((err) => {
        log.error({ err }, 'report build failed');
        return null;
      });
      if (report) {
        for (const hook of rt.runFinished) await hook(rt, { ...run, ...result }, report).catch((err) => log.error({ err }, 'after-run hook failed'));
      }
      await store.events.append(run.id, 'checks', { findings: report?.findings?.length ?? 0, sections: report?.sections ?? null }, now());
      await store.events.append(run.id, 'end', endEventData(run, result), now());
      log.info({ status: result.status }, 'run finished');
    }
  }
}

/** The report from the judged bundle in memory (no evidence read back), stored for readers. */
async function storeReport(rt: Runtime, run: RunRow, result: Outcome, finishedAt: Date, judged: Judged | null): Promise<Report> {
  const summary = runSummary({ ...run, ...result, finished_at: finishedAt.toISOString() });
  const report = judged ? await reportOf(summary, judged) : buildReport(summary, null);
  await rt.store.reports.save(run.id, JSON.stringify(report), rt.clock.now());
  return report;
}
