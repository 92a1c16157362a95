// `siteqa regrade <run_id>`: rebuilds a stored run's report from its stored evidence (same
// evidence, same verdict) and stores and prints it. Useful after a checks or rubric upgrade.
import type { Config } from '../config/index.js';
import type { EvidenceBundle } from '../evidence/types.js';
import { buildReport } from '../report/build.js';
import { runSummary } from '../runs/reports.js';
import { openStore } from '../store/index.js';

export async function runRegradeCommand(config: Config, args: string[]): Promise<number> {
  const runId = args[0];
  if (!runId) {
    process.stderr.write('usage: siteqa regrade <run_id>\n');
    return 2;
  }
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const run = await store.runs.get(runId);
    const stored = run && (await store.evidence.get(runId));
    if (!run || !stored) {
      process.stderr.write(`siteqa: no stored evidence for run ${runId}\n`);
      return 1;
    }
    const body = JSON.stringify(buildReport(runSummary(run), stored.bundle as EvidenceBundle));
    await store.reports.save(runId, body, new Date());
    process.stdout.write(`${body}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
