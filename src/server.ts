// Starts the service: runtime, HTTP app, the durable job loop, and (embedded mode, or `serve`
// without --no-worker) the worker loop in the same process. SIGTERM/SIGINT drain the worker and
// the job loop and close the browser.
import { buildApp } from './api/app.js';
import type { Config } from './config/index.js';
import { createRuntime, type Runtime } from './runtime.js';
import { recoverOrphans, startWorker } from './runs/worker.js';
import { startJobs } from './job-kinds.js';

export interface Server {
  rt: Runtime;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: Config, opts: { worker?: boolean; rt?: Runtime } = {}): Promise<Server> {
  const rt = opts.rt ?? (await createRuntime(config));
  const app = await buildApp(rt);
  const runWorker = opts.worker ?? config.embeddedWorker;
  if (runWorker && rt.store.dialect === 'sqlite') await recoverOrphans(rt);
  const worker = runWorker ? startWorker(rt) : null;
  const jobs = startJobs(rt);
  const address = await app.listen({ port: config.port, host: config.host });
  rt.log.info({ address, database: rt.store.dialect, worker: runWorker }, 'siteqa listening');
  let stopping: Promise<void> | null = null;
  return {
    rt,
    url: address.replace('0.0.0.0', 'localhost'),
    stop() {
      stopping ??= (async () => {
        await app.close();
        await jobs?.stop();
        await worker?.stop();
        await rt.close();
      })();
      return stopping;
    },
  };
}

export function stopOnSignals(server: Server): void {
  const onSignal = (sig: string) => {
    server.rt.log.info({ sig }, 'shutting down: draining runs');
    server.stop().then(
      () => process.exit(0),
      (err) => {
        server.rt.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
}
