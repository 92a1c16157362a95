// Benchmark (issue 10), on Postgres: 10,000 monitors in one schema, slots spread over the day; one
// scheduler tick at a moment when the due ones have piled up finds and enqueues them (printed:
// monitors due, runs created, ms); and a burst of 100 concurrent deploy hooks for one monitor
// coalesces into one run with 100 delivery records. No worker runs: runs stay queued.
// Run: npx tsx bench/monitors.bench.ts   (needs PostgreSQL on 127.0.0.1:5432, database "test")
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { tickMonitors } from '../src/monitors/scheduler.js';
import { mintDeployToken } from '../src/monitors/deploy-token.js';
import { openStore } from '../src/store/index.js';
import { setTier } from '../src/workspaces/service.js';
import { TEST_DATABASE_URL } from '../test/support/db.js';
import { startTestService } from '../test/support/service.js';
import { call, MovableClock, newWorkspace } from '../test/workspaces/helpers.js';

const N = 10_000;

async function main() {
  const schema = `bench_monitors_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: '', schema });
  const clock = new MovableClock(new Date('2026-11-24T00:00:00.000Z'));
  const svc = await startTestService({ QA_URL_ALLOWLIST: '127.0.0.1:8093', QA_WORKSPACE_RATE_LIMIT: '100000', QA_JOB_POLL_MS: '0' }, { worker: false, store, clock });
  try {
    const ws = await newWorkspace(svc.base);
    await setTier(svc.rt, ws.id, 'team');
    await svc.rt.store.db.updateTable('workspaces').set({ opt_in_to_overage: 1 }).where('id', '=', ws.id).execute();
    // 10,000 monitors, their next slots spread evenly over 24 hours.
    const t0 = clock.now().getTime();
    const rows = Array.from({ length: N }, (_, i) => {
      const at = new Date(t0 + Math.floor((i / N) * 86_400_000)).toISOString();
      return { id: randomUUID(), workspace_id: ws.id, url: 'http://127.0.0.1:8093/', cadence: 'daily' as const, status: 'active' as const, flow_id: null,
        deploy_token_hash: mintDeployToken().hash, next_run_at: at, last_run_at: null, last_run_id: null, last_run_status: null, consecutive_failures: 0,
        paused_reason: null, created_at: at, updated_at: at };
    });
    for (let i = 0; i < rows.length; i += 500) await svc.rt.store.db.insertInto('monitors').values(rows.slice(i, i + 500)).execute();
    // A tick every 5 s normally; here the scheduler was away for 10 minutes: ~70 monitors are due.
    clock.advance(10 * 60_000);
    const t = performance.now();
    const result = await tickMonitors(svc.rt);
    const ms = performance.now() - t;
    console.log(`${N} monitors: one tick started ${result.started} due runs (${result.coalesced} coalesced, ${result.refused} refused) in ${ms.toFixed(0)} ms (target < 1000 ms)`);
    const idle = performance.now();
    await tickMonitors(svc.rt);
    console.log(`the next tick, with nothing due: ${(performance.now() - idle).toFixed(1)} ms`);

    // A burst of 100 deploy hooks for one monitor.
    const created = await call(svc.base, 'POST', '/monitors', { key: ws.key, body: { url: 'http://127.0.0.1:8093/' } });
    const { id, deploy_hook: { secret } } = created.json;
    await svc.rt.store.runs.finish(created.json.first_run.run_id, { status: 'succeeded', failure_reason: null }, clock.now());
    const b = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(svc.base, 'POST', `/hooks/deploy/${id}`, { body: { sha: `sha-${i}` }, headers: { 'x-service-token': secret } })));
    const burstMs = performance.now() - b;
    const runIds = new Set(answers.map((a) => a.json.run_ids?.[0]));
    const deliveries = await svc.rt.store.monitors.deliveries(id, 1000);
    const queued = (await svc.rt.store.monitors.recentRuns(id, 100)).filter((r) => r.status === 'queued');
    console.log(`100 concurrent deploy hooks: ${answers.filter((a) => a.status === 202).length} answered 202, ${runIds.size} distinct run id(s), ${queued.length} queued run(s), ${deliveries.length} delivery records, ${burstMs.toFixed(0)} ms`);
  } finally {
    await svc.stop();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
