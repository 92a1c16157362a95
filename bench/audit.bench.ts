// Benchmark: audits over real HTTP against fixture sites, from POST /audits to the terminal event.
// Prints median wall time of 3 audits of the 10-page site, one 60-page audit at max pages 60, and
// the browser's peak PSS. Targets (issue 2): 10 pages < 6 s, 60 pages < 30 s, browser < 400 MB.
// Run: npm run bench (machine description and results go in docs/benchmarks.md).
import os from 'node:os';
import { serveSite } from '../test/support/fixture-server.js';
import { postJson, readEvents, startTestService } from '../test/support/service.js';
import { describeMemory, samplePeak } from './proc-memory.js';

async function auditOnce(base: string, url: string): Promise<{ ms: number; status: string; pages: number }> {
  const t = performance.now();
  const r = await postJson(`${base}/api/v1/audits`, { url });
  if (r.status !== 202) throw new Error(`POST /audits answered ${r.status}: ${r.text}`);
  const { events } = await readEvents(`${base}${r.json.events_url}`, { timeoutMs: 300_000 });
  const end = events.at(-1)!;
  return { ms: performance.now() - t, status: String(end.data.status), pages: events.filter((e) => e.type === 'page').length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
  const ten = await serveSite('ten');
  const sixty = await serveSite('sixty');
  const allow = [...ten.allowlist, ...sixty.allowlist].join(',');
  // QA_PAGE_CONCURRENCY from the environment compares settings (browser memory against wall time).
  const pageConcurrency: Record<string, string> = process.env.QA_PAGE_CONCURRENCY ? { QA_PAGE_CONCURRENCY: process.env.QA_PAGE_CONCURRENCY } : {};
  const svc = await startTestService({ QA_URL_ALLOWLIST: allow, QA_MAX_PAGES: '10', QA_AUDIT_RATE_LIMIT: '1000', ...pageConcurrency });
  console.log(`page concurrency: ${svc.rt.config.pageConcurrency}`);
  try {
    await auditOnce(svc.base, ten.url); // warm: browser launch, JIT
    const peak = samplePeak();
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await auditOnce(svc.base, ten.url));
    const tenPeak = peak.stop();
    console.log(`10-page audit: median ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s over 3 (${runs.map((r) => `${(r.ms / 1000).toFixed(2)} s ${r.status} ${r.pages}p`).join(', ')}), target < 6 s`);
    console.log(`browser peak during 10-page audits (page concurrency ${svc.rt.config.pageConcurrency}): ${describeMemory(tenPeak)}, target < 400 MB`);
  } finally {
    await svc.stop();
  }
  const svc60 = await startTestService({ QA_URL_ALLOWLIST: allow, QA_MAX_PAGES: '60', QA_AUDIT_RATE_LIMIT: '1000' });
  try {
    await auditOnce(svc60.base, ten.url);
    const peak = samplePeak();
    const r = await auditOnce(svc60.base, sixty.url);
    console.log(`60-page audit (max pages 60): ${(r.ms / 1000).toFixed(2)} s, ${r.status}, ${r.pages} pages, peak ${describeMemory(peak.stop())}, target < 30 s`);
  } finally {
    await svc60.stop();
    await ten.close();
    await sixty.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
