// Benchmark: the HTTP API under load with autocannon, on SQLite and on Postgres (pg-boss queue):
// GET /reports/by-token/{token} and POST /audits (until at_capacity answers). Prints requests per
// second and p50/p99 latency. Targets (issue 5, 2 cores): reads ≥ 2,000 rps with p99 ≤ 20 ms;
// creations ≥ 500 rps with p99 ≤ 50 ms. The API runs as it is deployed: its own process
// (`siteqa serve --no-worker`, info-level JSON logs), so the load generator does not share its
// event loop. No worker runs: this measures the API, not audits.
// Run: npx tsx bench/api.bench.ts   (SITEQA_TEST_DATABASE_URL picks the Postgres server)
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../test/support/db.js';
import { serveSite } from '../test/support/fixture-server.js';
import { openStore } from '../src/store/index.js';
import { startSiteqa } from '../test/production/processes.js';
import { postJson } from '../test/support/service.js';

const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 20;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

function load(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, r) => {
      if (err) return reject(err);
      const statuses: Record<string, number> = {};
      for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) statuses[k] = (v as { count: number }).count;
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, statuses });
    });
  });
}

const line = (name: string, f: Figures, target: string, cpu?: string) =>
  `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} rps  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms  ${JSON.stringify(f.statuses)}  (target ${target})${cpu ? `\n${' '.repeat(36)}${cpu}` : ''}`;

/** CPU seconds (user + system) used so far by these processes, from /proc (Linux); 0 where unreadable. */
function cpuSeconds(pids: number[]): number {
  const ticks = pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return sum;
    }
  }, 0);
  return ticks / 100; // USER_HZ
}

/** Process ids of the local PostgreSQL server (its backends do the database's share of the work). */
function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Runs `measure` and says how much CPU the API process and Postgres spent per request meanwhile. */
async function withCpu(apiPid: number, measure: () => Promise<Figures>): Promise<[Figures, string]> {
  const pgPids = postgresPids();
  const before = [cpuSeconds([apiPid]), cpuSeconds(pgPids)];
  const figures = await measure();
  const requests = Object.values(figures.statuses).reduce((a, b) => a + b, 0) || 1;
  const perReq = (s: number) => ((s * 1000) / requests).toFixed(2);
  const api = cpuSeconds([apiPid]) - before[0];
  const db = cpuSeconds(pgPids) - before[1];
  return [figures, `CPU per request: API process ${perReq(api)} ms${pgPids.length ? `, Postgres ${perReq(db)} ms` : ''}`];
}

/** Ends queued runs every 200 ms, as workers would (at no cost of their own beyond the update). */
async function startDrainer(opts: { databaseUrl: string | null; dataDir: string }): Promise<{ stop(): Promise<void> }> {
  const store = await openStore(opts);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await store.db.updateTable('runs').set({ status: 'succeeded', finished_at: new Date().toISOString() }).where('status', '=', 'queued').execute();
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await store.close();
    },
  };
}

async function benchOne(label: string, env: Record<string, string>, siteUrl: string): Promise<void> {
  // A pool large enough that creation is measured until the end of the run, not cut short by 503s;
  // a rate limit that never trips (every request comes from 127.0.0.1).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siteqa-bench-'));
  const api = await startSiteqa(['serve', '--no-worker'], { ...env, DATA_DIR: dataDir, QA_FREE_AUDIT_POOL: '100000', QA_AUDIT_RATE_LIMIT: '1000000' }, /"address":"(http:\/\/[^"]+)"/);
  const svc = { base: api.announced };
  try {
    const created = await postJson(`${svc.base}/api/v1/audits`, { url: siteUrl });
    if (created.status !== 202) throw new Error(`POST /audits answered ${created.status}: ${created.text}`);
    const token = String(created.json.report_url).split('/').pop();
    await load({ url: `${svc.base}/api/v1/reports/by-token/${token}`, duration: 2 }); // warm-up
    const pid = api.child.pid!;
    const [reads, readsCpu] = await withCpu(pid, () => load({ url: `${svc.base}/api/v1/reports/by-token/${token}` }));
    const create = {
      url: `${svc.base}/api/v1/audits`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: siteUrl }),
    };
    // No worker runs, so without this every created run would stay queued and the free-pool check
    // would count ever more of them: a stand-in for the workers ends queued runs every 200 ms.
    const drainer = await startDrainer({ databaseUrl: env.DATABASE_URL ?? null, dataDir });
    let creates: Figures, createsCpu: string, createsHalf: Figures;
    try {
      await load({ ...create, duration: 2 }); // warm-up
      [creates, createsCpu] = await withCpu(pid, () => load(create));
      // Half the connections: the rate that keeps p99 low when the machine is not saturated.
      [createsHalf] = await withCpu(pid, () => load({ ...create, connections: CONNECTIONS / 2 }));
    } finally {
      await drainer.stop();
    }
    await new Promise((r) => setTimeout(r, 2000)); // let the server finish requests still queued when autocannon stopped
    console.log(`${label}:`);
    console.log(line('GET /reports/by-token/{token}', reads, '≥ 2000 rps, p99 ≤ 20 ms', readsCpu));
    console.log(line('POST /audits', creates!, '≥ 500 rps, p99 ≤ 50 ms', createsCpu!));
    console.log(line(`POST /audits, ${CONNECTIONS / 2} connections`, createsHalf!, '≥ 500 rps, p99 ≤ 50 ms'));
  } finally {
    api.kill('SIGTERM');
    await api.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; ${CONNECTIONS} connections, ${DURATION_S} s per figure`);
  const site = await serveSite('ten');
  const allow = site.allowlist.join(',');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await benchOne('SQLite (embedded, table queue)', { QA_URL_ALLOWLIST: allow }, site.url);
    await admin.query(`create schema "${schema}"`);
    const url = `${TEST_DATABASE_URL}?options=-c%20search_path%3D${schema}`;
    await benchOne('Postgres (pg-boss queue)', { QA_URL_ALLOWLIST: allow, DATABASE_URL: url }, site.url);
  } finally {
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.query(`drop schema if exists "${schema}_pgboss" cascade`);
    await admin.end();
    await site.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
