// `siteqa audit` (10 pages) as a whole process against one Lighthouse CLI run (one page) of the same
// loopback site, alternated so both see the same machine load; prints the ratio (target ≤ 0.5).
// Lighthouse is not a dependency: it is installed on demand into a temp dir outside the project
// (12.x: 13.x needs Node 22) and run with Debian's Chromium.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LH_DIR = process.env.LH_DIR ?? join(tmpdir(), 'lh');
const LH_CLI = join(LH_DIR, 'node_modules', 'lighthouse', 'cli', 'index.js');
const ROOT = new URL('..', import.meta.url).pathname;

function timed(cmd: string, args: string[], env: Record<string, string>): Promise<{ ms: number; code: number | null; err: string }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('close', (code) => resolve({ ms: performance.now() - t, code, err }));
  });
}

function ensureLighthouse(): string | null {
  if (existsSync(LH_CLI)) return null;
  try {
    execFileSync('npm', ['install', '--prefix', LH_DIR, 'lighthouse@12', '--no-audit', '--no-fund'], { stdio: 'ignore', timeout: 300_000 });
    return existsSync(LH_CLI) ? null : 'npm install finished but the CLI is missing';
  } catch (err) {
    return `could not install Lighthouse: ${(err as Error).message.split('\n')[0]}`;
  }
}

export async function auditProcessVsLighthouse(url: string, allowlist: string[], rounds = 2): Promise<void> {
  const why = ensureLighthouse();
  const dataDir = mkdtempSync(join(tmpdir(), 'siteqa-bench-cli-'));
  const fresh = existsSync(join(ROOT, 'dist', '.built'));
  const siteqa: number[] = [];
  const lighthouse: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const a = await timed(process.execPath, [join(ROOT, 'bin', 'siteqa.js'), 'audit', url, '--max-pages', '10', '--json'], { QA_URL_ALLOWLIST: allowlist.join(','), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      if (a.code !== 0) throw new Error(`siteqa audit exited ${a.code}: ${a.err}`);
      siteqa.push(a.ms);
      if (why) continue;
      const out = join(dataDir, 'lh.json');
      const b = await timed(process.execPath, [LH_CLI, url, '--output=json', `--output-path=${out}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox'], { CHROME_PATH: '/usr/bin/chromium' });
      if (b.code !== 0) throw new Error(`lighthouse exited ${b.code}: ${b.err}`);
      lighthouse.push(b.ms);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`siteqa audit (process, 10 pages${fresh ? ', dist/' : ', tsx: run npm run build for the deployed start'}): ${siteqa.map(s).join(', ')}`);
  if (why) return console.log(`Lighthouse CLI: not run (${why})`);
  console.log(`Lighthouse CLI (1 page, default mobile config): ${lighthouse.map(s).join(', ')}`);
  console.log(`ratio siteqa / Lighthouse: ${(med(siteqa) / med(lighthouse)).toFixed(2)} (target ≤ 0.50)`);
}
