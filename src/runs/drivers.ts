// Which driver acts out a run, by its kind, and with what input. The audit's crawl is defined here;
// each capability that adds a run kind (flows, chaos runs) provides its factory, and the composition
// root (src/run-kinds.ts) puts them in one registry the pipeline is given.
import type { AppModelDoc } from '../app-models/document.js';
import { loginInputFor } from '../app-models/login-plan.js';
import { templateSampler } from '../app-models/templates.js';
import { crawl } from '../capture/drivers/crawl.js';
import { personaDriver } from '../capture/drivers/persona.js';
import { signingIn } from '../capture/drivers/sign-in.js';
import type { Driver } from '../capture/drivers/types.js';
import type { Config } from '../config/index.js';
import type { Store } from '../store/index.js';
import type { SecretBox } from '../workspaces/secret-box.js';

/** The part of a run the drivers read. */
export interface DriverRun {
  id: string;
  kind: string;
  url: string;
  workspace_id: string | null;
  options: Record<string, unknown>;
}

export interface DriverChoice {
  driver: Driver<any>;
  input: unknown;
}

/** What a factory may use to prepare its driver's input (the CLI has no store). */
export interface DriverContext {
  config: Config;
  store?: Store;
  secrets?: SecretBox;
}

export type DriverFactory = (run: DriverRun, ctx: DriverContext) => Promise<DriverChoice> | DriverChoice;

/** A run kind: how its driver is prepared, and what its capability does once its evidence is stored. */
export interface RunKind {
  driver: DriverFactory;
  /** Whether the optional model note (advisory.analyze) is asked for: never for replays, which promise no model call. */
  advisory?: boolean;
  /** E.g. a flow run pins the targets its steps touched. A failure here is logged, never fails the run. */
  afterRun?: (rt: import('../runtime.js').Runtime, run: import('../store/index.js').RunRow, bundle: import('../evidence/types.js').EvidenceBundle) => Promise<void>;
}
export type DriverRegistry = ReadonlyMap<string, RunKind>;

/** Called once a run's report is stored (any kind): e.g. a monitor follows findings and alerts. Failures are logged. */
export type RunFinishedHook = (rt: import('../runtime.js').Runtime, run: import('../store/index.js').RunRow, report: import('../report/build.js').Report) => Promise<void>;

export const auditDriver: DriverFactory = async (run, ctx) => {
  const appModel = await pinnedAppModel(run, ctx);
  const login = await loginInputFor(appModel, run.url, run.workspace_id, ctx.store, ctx.secrets);
  return {
    // Signed in first when the model declares a login (docs/app-models.md "Logging in").
    driver: login ? signingIn(crawl) : crawl,
    input: { url: run.url, maxPages: Number(run.options.max_pages) || ctx.config.maxPages, pageGroups: templateSampler(appModel), login },
  };
};

export const chaosDriver: DriverFactory = async (run, ctx) => {
  const appModel = await pinnedAppModel(run, ctx);
  return {
    driver: personaDriver,
    input: {
      url: run.url, persona: run.options.persona, seed: Number(run.options.seed), stepCap: Number(run.options.step_cap),
      mutationHosts: Array.isArray(run.options.mutation_hosts) ? run.options.mutation_hosts : [], direction: run.options.direction ?? null,
      appModel, login: await loginInputFor(appModel, run.url, run.workspace_id, ctx.store, ctx.secrets),
    },
  };
};

/** The app-model version the run pinned at creation (options.app_model), read by that version: later writes do not reach it. */
export async function pinnedAppModel(run: DriverRun, ctx: DriverContext): Promise<AppModelDoc | null> {
  const pin = run.options.app_model as { domain?: unknown; version?: unknown } | undefined;
  if (!pin || typeof pin.domain !== 'string' || typeof pin.version !== 'number' || !run.workspace_id || !ctx.store) return null;
  const row = await ctx.store.appModels.get(run.workspace_id, pin.domain, pin.version);
  return row ? (row.doc as AppModelDoc) : null;
}

export async function driverFor(registry: DriverRegistry, run: DriverRun, ctx: DriverContext): Promise<DriverChoice> {
  const kind = registry.get(run.kind);
  if (!kind) throw new Error(`no driver for runs of kind "${run.kind}"`);
  return kind.driver(run, ctx);
}
