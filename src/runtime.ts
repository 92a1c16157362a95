// The process's services, built once from config: store, queue, browser, logger, clock.
// The API, the worker loop and the CLI all take this one object.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createLogger } from './log.js';
import type { Config } from './config/index.js';
import { createBrowserHandle, type BrowserHandle } from './capture/browser.js';
import type { GuardOptions } from './guard/options.js';
import { openStore, type Store } from './store/index.js';
import { createTableQueue, type RunQueue } from './queue/index.js';
import { createPgBossQueue } from './queue/pgboss-queue.js';
import { createSecretBox, loadSecretKey, type SecretBox } from './workspaces/secret-box.js';
import { createMailer, type Mailer } from './notify/mailer.js';
import type { DriverRegistry, RunFinishedHook } from './runs/drivers.js';
import { RUN_FINISHED, RUN_KINDS } from './run-kinds.js';

import { systemClock, type Clock } from './clock.js';

export { systemClock, type Clock };

export interface Runtime {
  config: Config;
  store: Store;
  queue: RunQueue;
  browser: BrowserHandle;
  guard: GuardOptions;
  log: Logger;
  clock: Clock;
  /** Seals secrets the service must read back (usage-webhook secrets). */
  secrets: SecretBox;
  /** SMTP when SMTP_URL is set, else the outbox table. */
  mailer: Mailer;
  workerId: string;
  /** The driver of each run kind (src/run-kinds.ts). */
  drivers: DriverRegistry;
  /** After any run's report is stored (src/run-kinds.ts). */
  runFinished: readonly RunFinishedHook[];
  close(): Promise<void>;
}

// The slices of the runtime a service may ask for. A service names the members it touches
// (`rt: WriteDeps`, `rt: Pick<Runtime, 'config' | 'secrets'>`), so its signature shows what it
// can reach and a reader or test sees that it never opens the browser or sends mail.
// Callers still pass the whole runtime: a Runtime is each of these.
/** Reads records. */
export type ReadDeps = Pick<Runtime, 'store'>;
/** Writes records stamped with the clock. */
export type WriteDeps = Pick<Runtime, 'store' | 'clock'>;
/** Writes records and logs what it decided. */
export type LoggedWriteDeps = Pick<Runtime, 'store' | 'log' | 'clock'>;
/** Creates a run: admits it (tiers read config), checks its URL, stores it and enqueues it (src/runs/create-run.ts). */
export type RunStartDeps = Pick<Runtime, 'config' | 'store' | 'queue' | 'guard' | 'log' | 'clock'>;
/** Starts runs, flow runs among them, whose credentials are sealed with the secret box (src/flows/run-flow.ts). */
export type FlowRunDeps = RunStartDeps & Pick<Runtime, 'secrets'>;

export async function createRuntime(config: Config, over: Partial<Pick<Runtime, 'log' | 'clock' | 'store'>> = {}): Promise<Runtime> {
  const log = over.log ?? createLogger(config);
  const store = over.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const guard: GuardOptions = { allowlist: config.urlAllowlist, allowlistOnly: config.urlAllowlistOnly };
  const browser = createBrowserHandle({
    executablePath: config.chromiumPath, guard,
    recycle: { afterRuns: config.browserRecycleRuns, maxMemoryMb: config.browserMaxMemoryMb },
  });
  // Production (DATABASE_URL=postgres://…): pg-boss delivers runs; a job outlives the run deadline plus a lease.
  const queue = config.databaseUrl && store.dialect === 'postgres'
    ? await createPgBossQueue(store, {
      connectionString: config.databaseUrl,
      jobExpireSeconds: Math.ceil((config.runDeadlineMs + config.leaseMs) / 1000) + 60,
      onError: (err) => log.error({ err }, 'pg-boss error'),
    })
    : createTableQueue(store);
  return {
    config, store, queue, browser, guard, log, clock: over.clock ?? systemClock,
    secrets: createSecretBox(() => loadSecretKey(config.secretsKey, config.dataDir)),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, store }),
    workerId: `${process.pid}-${randomUUID().slice(0, 8)}`,
    drivers: RUN_KINDS,
    runFinished: RUN_FINISHED,
    async close() {
      await queue.stop();
      await browser.close();
      await store.close();
    },
  };
}
