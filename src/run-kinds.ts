// Every kind of run the service knows, with the factory of its driver: the composition root's
// registry, handed to the pipeline (worker and CLI alike). The flow kind and the after-run hooks
// load their code when first used: `siteqa audit` from a terminal never needs flows or monitors
// (with them loaded eagerly it spent ~0.5 s importing mail, Slack and billing clients).
import { auditDriver, chaosDriver, type DriverRegistry, type RunFinishedHook, type RunKind } from './runs/drivers.js';

const flows = () => import('./flows/run-flow.js');

export const RUN_KINDS: DriverRegistry = new Map<string, RunKind>([
  ['audit', { driver: auditDriver, advisory: true }],
  ['gremlin', { driver: chaosDriver }],
  ['flow', {
    driver: async (run, ctx) => (await flows()).flowRunDriver(run, ctx),
    afterRun: async (rt, run, bundle) => (await flows()).pinTargets(rt, run, (bundle.flows ?? []).flatMap((f) => f.steps)),
  }],
]);

/** What happens after any run's report is stored, in order. */
export const RUN_FINISHED: readonly RunFinishedHook[] = [
  async (rt, run, report) => (await import('./monitors/finished.js')).monitorRunFinished(rt, run, report),
];
