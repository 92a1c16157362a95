// The siteqa command: serve · worker · audit <url> · regrade <run_id> · migrate.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index.js';
import { ADMIN_USAGE } from './admin-usage.js';

const USAGE = `usage: siteqa <command> [options]

  serve [--no-worker]              start the HTTP service (embedded worker unless --no-worker)
  worker [--concurrency N]         run only the worker loop (production mode, Postgres)
  audit <url> [--json] [--max-pages N] [--fail-under GRADE] [--evidence FILE]
                                   audit one site in-process; exit 1 if a section grades below GRADE;
                                   --evidence writes what was recorded (pages, requests, …) as JSON
  regrade <run_id>                 rebuild a stored run's report from its evidence and print it
  migrate                          create or upgrade the database schema and exit
${ADMIN_USAGE}

Configuration comes from the environment: see docs/configuration.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `siteqa <command> --help` answers with the usage, before any configuration or work.
  if (command && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { 'no-worker': { type: 'boolean' } } });
      const { startServer, stopOnSignals } = await import('../server.js');
      const server = await startServer(config, { worker: values['no-worker'] ? false : undefined });
      stopOnSignals(server);
      return -1;
    }
    case 'worker': {
      const { values } = parseArgs({ args: rest, options: { concurrency: { type: 'string' } } });
      const { createRuntime } = await import('../runtime.js');
      const { startWorker } = await import('../runs/worker.js');
      const { startJobs } = await import('../job-kinds.js');
      const rt = await createRuntime(config);
      const worker = startWorker(rt, { concurrency: values.concurrency ? Number(values.concurrency) : undefined });
      const jobs = startJobs(rt);
      rt.log.info({ worker: rt.workerId }, 'worker started');
      const stop = async () => {
        await jobs?.stop();
        await worker.stop();
        await rt.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      return -1;
    }
    // The browser, the checks and the store load only for the commands that use them: `--help` answers at once.
    case 'audit':
      return (await import('./audit.js')).runAuditCommand(config, rest);
    case 'regrade':
      return (await import('./regrade.js')).runRegradeCommand(config, rest);
    case 'admin':
      return (await import('./admin.js')).runAdminCommand(config, rest);
    case 'migrate': {
      const { openStore } = await import('../store/index.js');
      const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      await store.close();
      process.stderr.write(`migrated (${config.databaseUrl ? 'postgres' : 'sqlite'})\n`);
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return command ? 0 : 2;
    default:
      process.stderr.write(`unknown command "${command}"\n\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    // A mistyped option is the caller's mistake: say which, show the usage, exit 2 (no stack).
    if (typeof (err as { code?: unknown })?.code === 'string' && (err as { code: string }).code.startsWith('ERR_PARSE_ARGS_')) {
      process.stderr.write(`siteqa: ${(err as Error).message.split('\n')[0]}\n\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`siteqa: ${err instanceof ConfigError ? err.message : (err as Error).stack ?? String(err)}\n`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
