// One pipeline for every run, used by the worker and by `siteqa audit` alike:
// driver → evidence → judge (checks run once) → advisory on the same results → outcome → report.
// The bundle in memory is what gets judged; nothing is read back from storage on the way.
import { analyze, modelConfigured } from '../advisory/analyze.js';
import type { BrowserHandle } from '../capture/browser.js';
import { captureRun, type CapturedRun } from '../capture/capture-run.js';
import type { DriverHooks } from '../capture/drivers/types.js';
import type { CheckRun } from '../checks/runner.js';
import type { Config } from '../config/index.js';
import type { EvidenceBundle } from '../evidence/types.js';
import type { GuardOptions } from '../guard/options.js';
import type { Report, RunSummary } from '../report/build.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import type { SecretBox } from '../workspaces/secret-box.js';
import { driverFor, type DriverRegistry, type DriverRun } from './drivers.js';
import { outcomeOf, type Outcome } from './outcome.js';

export interface PipelineDeps {
  config: Config;
  browser: BrowserHandle;
  guard: GuardOptions;
  clock: Clock;
  drivers: DriverRegistry;
  /** Absent in the CLI (no database): kinds that need stored state cannot run there. */
  store?: Store;
  secrets?: SecretBox;
}

export interface Judged extends CapturedRun {
  judged: CheckRun;
  outcome: Outcome;
}

/**
 * The checks and the report (about 190 modules) are needed only once the evidence is in. A process
 * that has not loaded them yet (`siteqa audit`) loads them while the browser works on the first pages
 * instead of before it starts; the service has them loaded already.
 */
const judging = () => Promise.all([import('../checks/registry.js'), import('../checks/runner.js'), import('../report/build.js')]);

/** Captures the run with its kind's driver and judges the evidence (checks once, then the advisory). */
export async function captureAndJudge(deps: PipelineDeps, run: DriverRun, hooks: DriverHooks = {}): Promise<Judged> {
  const code = judging();
  code.catch(() => {}); // awaited below; a load failure fails the run there, not as an unhandled rejection
  const { driver, input } = await driverFor(deps.drivers, run, deps);
  const maxPages = Number(run.options.max_pages) || deps.config.maxPages;
  const captured = await captureRun(
    { runId: run.id, url: run.url, maxPages, pageConcurrency: deps.config.pageConcurrency, deadlineMs: deps.config.runDeadlineMs, guard: deps.guard, browser: deps.browser },
    driver, input, hooks,
  );
  // The app-model version the run used is one of its conditions (report JSON and HTML show it).
  const pin = run.options.app_model as { domain: string; version: number } | undefined;
  if (pin) captured.bundle.conditions.app_model = { domain: pin.domain, version: pin.version };
  const [{ checks }, { runChecks }] = await code;
  const judged = runChecks(captured.bundle, checks);
  if (deps.drivers.get(run.kind)?.advisory) await addAdvisory(deps, captured.bundle, judged);
  return { ...captured, judged, outcome: outcomeOf(captured.bundle) };
}

/** The report of a judged run (pure, once its module is loaded). */
export async function reportOf(summary: RunSummary, judged: Pick<Judged, 'bundle' | 'judged'>): Promise<Report> {
  const [, , { buildReport }] = await judging();
  return buildReport(summary, judged.bundle, { judged: judged.judged });
}

/** The optional model note on the same check results, recorded with the evidence; a failing model never fails the run. */
async function addAdvisory(deps: PipelineDeps, bundle: EvidenceBundle, judged: CheckRun): Promise<void> {
  if (!modelConfigured(deps.config)) return;
  try {
    const note = await analyze(deps.config, bundle, judged.findings, deps.clock.now());
    if (note) bundle.advisories = [note];
  } catch (err) {
    bundle.notes.push(`advisory.analyze: the model call failed (${(err as Error).message.split('\n')[0]})`);
  }
}
