// Benchmark: audit throughput of one worker at concurrency 1, 2 and 4. Submits N audits of the
// 10-page fixture site at once and waits for every end. Prints audits per minute, per-audit wall
// time (claim to end), and peak memory of the worker process (RSS) and of its browser (PSS).
// Target (issue 5, 2 cores): at least 10 ten-page audits per minute, browser memory bounded.
// Run: npx tsx bench/throughput.bench.ts   (BENCH_AUDITS=20 by default, BENCH_CONCURRENCY=1,2,4)
import os from 'node:os';
import { serveSite } from '../test/support/fixture-server.js';
import { postJson, readEvents, startTestService } from '../test/support/service.js';
import { describeMemory, samplePeak } from './proc-memory.js';

const AUDITS = Number(process.env.BENCH_AUDITS || 20);
const LEVELS = (process.env.BENCH_CONCURRENCY || '1,2,4').split(',').map(Number);

async function atConcurrency(concurrency: number, allow: string, url: string): Promise<void> {
  const svc = await startTestService({
    QA_URL_ALLOWLIST: allow, QA_MAX_PAGES: '10', QA_WORKER_CONCURRENCY: String(concurrency),
    QA_FREE_AUDIT_POOL: String(AUDITS + 1), QA_AUDIT_RATE_LIMIT: '100000', QA_RUN_DEADLINE_MS: '300000',
  });
  try {
    const browserPeak = samplePeak();
    let rssPeak = 0;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 250);
    const t0 = performance.now();
    const streams = [];
    for (let i = 0; i < AUDITS; i++) {
      const r = await postJson(`${svc.base}/api/v1/audits`, { url: `${url}?n=${i}` });
      if (r.status !== 202) throw new Error(`POST /audits answered ${r.status}: ${r.text}`);
      streams.push(readEvents(`${svc.base}${r.json.events_url}`, { timeoutMs: 900_000 }).then(() => r.json.run_id as string));
    }
    const ids = await Promise.all(streams);
    const wallS = (performance.now() - t0) / 1000;
    clearInterval(rssTimer);
    const runs = await Promise.all(ids.map((id) => svc.rt.store.runs.get(id)));
    const perAudit = runs.map((r) => (Date.parse(r!.finished_at!) - Date.parse(r!.started_at!)) / 1000).sort((a, b) => a - b);
    const statuses = runs.reduce<Record<string, number>>((acc, r) => ((acc[r!.status] = (acc[r!.status] ?? 0) + 1), acc), {});
    console.log(
      `  concurrency ${concurrency}: ${AUDITS} audits in ${wallS.toFixed(1)} s = ${((AUDITS / wallS) * 60).toFixed(1)} audits/min; ` +
      `per audit p50 ${perAudit[Math.floor(perAudit.length / 2)].toFixed(1)} s, max ${perAudit.at(-1)!.toFixed(1)} s; ` +
      `peak worker RSS ${Math.round(rssPeak / 2 ** 20)} MB, browser ${describeMemory(browserPeak.stop())}; ${JSON.stringify(statuses)}`,
    );
  } finally {
    await svc.stop();
  }
}

async function main() {
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${AUDITS} ten-page audits per level (target ≥ 10 audits/min):`);
  const site = await serveSite('ten');
  try {
    for (const c of LEVELS) await atConcurrency(c, site.allowlist.join(','), site.url);
  } finally {
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
