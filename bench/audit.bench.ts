// Benchmark: audits over real HTTP against the realistic fixture shops (harbour-ten, harbour-sixty:
// consent manager + gated tag, failing third-party hosts, images, sitemap), POST /audits → `end`,
// per phase; then `siteqa audit` as a whole process against one Lighthouse CLI run of the same
// site (the ratio). Targets (issue 14): 10 pages ≤ 6 s (goal 3 s), 60 pages ≤ 30 s, second page
// within 1 s of the first, CLI ≤ half of Lighthouse, browser ≤ 400 MB at 4 pages.
// Run: npm run bench (figures go in docs/benchmarks.md). BENCH_RUNS=n changes the 10-page repeat;
// BENCH_PARTS=ten,sixty,cli picks the parts (default all), e.g. to alternate with a baseline checkout.
import os from 'node:os';
import type { EvidenceBundle } from '../src/evidence/types.js';
import { auditProcessVsLighthouse } from './cli-vs-lighthouse.js';
import { serveSite } from '../test/support/fixture-server.js';
import { postJson, startTestService, type TestService } from '../test/support/service.js';
import { phasesOf, streamEvents, type Phases } from './phases.js';
import { describeCpu, sampleCpu } from './proc-cpu.js';
import { describeMemory, samplePeak } from './proc-memory.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function auditOnce(svc: TestService, url: string): Promise<Phases> {
  const t0 = performance.now();
  const r = await postJson(`${svc.base}/api/v1/audits`, { url });
  if (r.status !== 202) throw new Error(`POST /audits answered ${r.status}: ${r.text}`);
  const events = await streamEvents(`${svc.base}${r.json.events_url}`, t0);
  const stored = await svc.rt.store.evidence.get(r.json.run_id);
  return phasesOf(events, (stored?.bundle ?? null) as EvidenceBundle | null);
}

function printPhases(label: string, runs: Phases[]) {
  const m = (f: (p: Phases) => number) => s(median(runs.map(f)));
  console.log(`${label}: POST → end median ${m((p) => p.total)} over ${runs.length} (${runs.map((p) => `${s(p.total)} ${p.status} ${p.pages}p`).join(', ')})`);
  console.log(`  queue → started ${m((p) => p.queued)} · start page ${m((p) => p.startPage)} · second page +${m((p) => p.secondPage)} after the first · crawl ${m((p) => p.crawl)}`);
  console.log(`  after the last page → checks event ${m((p) => p.tail)} (consent matrix tail, measuring pass ${m((p) => p.measuring)}, link checks, checks + report ${m((p) => p.judge)}, storing)`);
  console.log(`  axe: ${m((p) => p.axe)} summed over pages (${m((p) => p.axe / Math.max(1, p.pages))} per page) · settle ${m((p) => p.settle)} summed · benchmarkIndex ${runs.map((p) => p.benchmarkIndex ?? '—').join('/')}`);
}

async function main() {
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const ten = await serveSite('harbour-ten');
  const sixty = await serveSite('harbour-sixty');
  const allow = [...ten.allowlist, ...sixty.allowlist].join(',');
  const parts = (process.env.BENCH_PARTS ?? 'ten,sixty,cli').split(',');
  try {
    if (parts.includes('ten')) await benchTen(ten.url, allow);
    if (parts.includes('sixty')) await benchSixty(ten.url, sixty.url, allow);
    if (parts.includes('cli')) await auditProcessVsLighthouse(ten.url, ten.allowlist);
  } finally {
    await ten.close();
    await sixty.close();
  }
}

async function benchTen(url: string, allow: string) {
  // QA_PAGE_CONCURRENCY from the environment compares settings (browser memory against wall time).
  const pageConcurrency: Record<string, string> = process.env.QA_PAGE_CONCURRENCY ? { QA_PAGE_CONCURRENCY: process.env.QA_PAGE_CONCURRENCY } : {};
  const svc = await startTestService({ QA_URL_ALLOWLIST: allow, QA_MAX_PAGES: '10', QA_AUDIT_RATE_LIMIT: '1000', ...pageConcurrency });
  try {
    await auditOnce(svc, url); // warm: browser launch, JIT
    const runs: Phases[] = [];
    for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 3); i++) runs.push(await auditOnce(svc, url));
    printPhases('harbour-ten (10 pages)', runs);
    // CPU and memory come from two more audits, one each: reading /proc costs CPU (smaps_rollup
    // walks page tables), which must slow neither the timed runs above nor the CPU count.
    const cpu = sampleCpu();
    await auditOnce(svc, url);
    console.log(`  ${describeCpu(cpu.stop(), 1, os.cpus().length)}`);
    const peak = samplePeak();
    await auditOnce(svc, url);
    console.log(`  browser peak (page concurrency ${svc.rt.config.pageConcurrency}): ${describeMemory(peak.stop())}`);
  } finally {
    await svc.stop();
  }
}

async function benchSixty(warmUrl: string, url: string, allow: string) {
  const svc = await startTestService({ QA_URL_ALLOWLIST: allow, QA_MAX_PAGES: '60', QA_AUDIT_RATE_LIMIT: '1000' });
  try {
    await auditOnce(svc, warmUrl);
    const cpu = sampleCpu();
    const r = await auditOnce(svc, url);
    const used = cpu.stop();
    printPhases('harbour-sixty (60 pages)', [r]);
    console.log(`  ${describeCpu(used, 1, os.cpus().length)}`);
    // One more audit for memory; the CPU figure of the timed one (the sampler is cheap: descendants only).
    const peak = samplePeak();
    await auditOnce(svc, url);
    console.log(`  browser peak: ${describeMemory(peak.stop())}`);
  } finally {
    await svc.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
