// Every kind of run the service knows, with the factory of its driver: the composition root's
// registry, handed to the pipeline (worker and CLI alike).
import { flowRunDriver, pinTargets } from './flows/run-flow.js';
import { monitorRunFinished } from './monitors/finished.js';
import { auditDriver, chaosDriver, type DriverRegistry, type RunFinishedHook, type RunKind } from './runs/drivers.js';

export const RUN_KINDS: DriverRegistry = new Map<string, RunKind>([
  ['audit', { driver: auditDriver, advisory: true }],
  ['gremlin', { driver: chaosDriver }],
  ['flow', { driver: flowRunDriver, afterRun: (rt, run, bundle) => pinTargets(rt, run, (bundle.flows ?? []).flatMap((f) => f.steps)) }],
]);

/** What happens after any run's report is stored, in order. */
export const RUN_FINISHED: readonly RunFinishedHook[] = [monitorRunFinished];
