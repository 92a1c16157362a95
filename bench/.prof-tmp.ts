import { createBrowserHandle } from '../src/capture/browser.js';
import { loadConfig } from '../src/config/index.js';
import { captureAndJudge } from '../src/runs/pipeline.js';
import { RUN_KINDS } from '../src/run-kinds.js';
import { systemClock } from '../src/runtime.js';
const url = process.argv[2]!; const max = Number(process.argv[3] ?? 10);
const config = loadConfig();
const guard = { allowlist: config.urlAllowlist, allowlistOnly: config.urlAllowlistOnly };
const browser = createBrowserHandle({ executablePath: config.chromiumPath, guard });
for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
  const cpu0 = process.cpuUsage(); const t0 = performance.now(); const stamps: string[] = [];
  const j = await captureAndJudge({ config, browser, guard, clock: systemClock, drivers: RUN_KINDS } as any,
    { id: 'x' + run, kind: 'audit', url, workspace_id: null, options: { max_pages: max } } as any,
    { onPage: (p: any, i: number) => stamps.push(`${i}@${((performance.now() - t0) / 1000).toFixed(2)}`) });
  const cpu = process.cpuUsage(cpu0); console.log(`run ${run}: node cpu ${((cpu.user+cpu.system)/1e6).toFixed(2)} s total ${((performance.now() - t0) / 1000).toFixed(2)} s; pages ${stamps.join(' ')}`);
  if (run > 0 || process.env.RUNS === '1') for (const p of j.bundle.pages) console.log('  ', p.final_url.replace(url, '/'), JSON.stringify(p.capture_ms));
  console.log('  timing', JSON.stringify({ d: j.bundle.conditions.timing?.duration_ms, bi: j.bundle.conditions.timing?.benchmark_index }));
}
await browser.close();
