// The process's services, built once from config: store, queue, browser, logger, clock.
// The API, the worker loop and the CLI all take this one object.
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { Config } from './config/index.js';
import { createBrowserHandle, type BrowserHandle } from './capture/browser.js';
import type { GuardOptions } from './guard/options.js';
import { openStore, type Store } from './store/index.js';
import { createTableQueue, type RunQueue } from './queue/index.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Runtime {
  config: Config;
  store: Store;
  queue: RunQueue;
  browser: BrowserHandle;
  guard: GuardOptions;
  log: Logger;
  clock: Clock;
  workerId: string;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-service-token"]', 'req.headers.cookie', '*.api_token', '*.secret'], censor: '[redacted]' },
  });
}

export async function createRuntime(config: Config, over: Partial<Pick<Runtime, 'log' | 'clock' | 'store'>> = {}): Promise<Runtime> {
  const log = over.log ?? createLogger(config);
  const store = over.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const guard: GuardOptions = { allowlist: config.urlAllowlist };
  const browser = createBrowserHandle({ executablePath: config.chromiumPath, guard });
  const queue = createTableQueue(store);
  return {
    config, store, queue, browser, guard, log, clock: over.clock ?? systemClock,
    workerId: `${process.pid}-${randomUUID().slice(0, 8)}`,
    async close() {
      await queue.stop();
      await browser.close();
      await store.close();
    },
  };
}
